package org.timerlock.jdbc;

import com.zaxxer.hikari.HikariDataSource;

class H2ContractTest extends JdbcContractBase {
  private final String url = "jdbc:h2:mem:" + Pools.unique("h2") + ";DB_CLOSE_DELAY=-1";

  @Override
  HikariDataSource newPool() {
    return Pools.pool(url, "sa", "", 8);
  }

  @Override
  HikariDataSource unreachablePool() {
    return Pools.unreachable("jdbc:h2:tcp://127.0.0.1:1/mem:nothing");
  }
}
