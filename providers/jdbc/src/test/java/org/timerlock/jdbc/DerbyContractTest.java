package org.timerlock.jdbc;

import com.zaxxer.hikari.HikariDataSource;

class DerbyContractTest extends JdbcContractBase {
  private final String name = Pools.unique("derby");

  @Override
  HikariDataSource newPool() {
    return Pools.pool("jdbc:derby:memory:" + name + ";create=true", null, null, 8);
  }

  @Override
  HikariDataSource unreachablePool() {
    // No create=true: the database is not there, as if its server were gone.
    return Pools.unreachable("jdbc:derby:memory:" + name + "-missing");
  }
}
