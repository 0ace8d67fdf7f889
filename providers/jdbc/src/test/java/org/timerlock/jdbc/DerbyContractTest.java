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

  /**
   * Derby's clock has milliseconds only, and a row deleted and taken again within the millisecond
   * of its last acquisition can repeat a token (documented): an operator's delete is never that
   * quick.
   */
  @Override
  public boolean forgetStoredState(String lockName) {
    try {
      Thread.sleep(2);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return super.forgetStoredState(lockName);
  }
}
