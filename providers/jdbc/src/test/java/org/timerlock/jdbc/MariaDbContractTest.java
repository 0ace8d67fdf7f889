package org.timerlock.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import org.timerlock.testkit.stores.IsolatedDatabase;
import org.timerlock.testkit.stores.StoreKind;
import org.timerlock.testkit.stores.TestStores;

class MariaDbContractTest extends JdbcContractBase {
  private final IsolatedDatabase db =
      TestStores.isolatedDatabase(StoreKind.MARIADB, MariaDbContractTest.class);

  @Override
  HikariDataSource newPool() {
    return Pools.pool(db, 8);
  }

  @Override
  HikariDataSource unreachablePool() {
    return Pools.unreachable("jdbc:mariadb://127.0.0.1:1/test?connectTimeout=1000");
  }

  @Override
  void cleanUp() {
    db.close();
  }
}
