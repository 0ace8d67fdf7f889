package org.timerlock.jdbc;

import com.zaxxer.hikari.HikariDataSource;

class HsqlDbContractTest extends JdbcContractBase {
  private final String url = "jdbc:hsqldb:mem:" + Pools.unique("hsql");

  @Override
  HikariDataSource newPool() {
    return Pools.pool(url, "SA", "", 8);
  }

  @Override
  HikariDataSource unreachablePool() {
    return Pools.unreachable("jdbc:hsqldb:hsql://127.0.0.1:1/nothing");
  }
}
