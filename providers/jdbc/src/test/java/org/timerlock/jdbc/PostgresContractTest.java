package org.timerlock.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import org.timerlock.testkit.stores.IsolatedDatabase;
import org.timerlock.testkit.stores.StoreKind;
import org.timerlock.testkit.stores.TestStores;

class PostgresContractTest extends JdbcContractBase {
  private final IsolatedDatabase db =
      TestStores.isolatedDatabase(StoreKind.POSTGRES, PostgresContractTest.class);

  @Override
  HikariDataSource newPool() {
    return Pools.pool(db, 8);
  }

  @Override
  HikariDataSource unreachablePool() {
    return Pools.unreachable("jdbc:postgresql://127.0.0.1:1/test?connectTimeout=1");
  }

  @Override
  void cleanUp() {
    db.close();
  }
}
