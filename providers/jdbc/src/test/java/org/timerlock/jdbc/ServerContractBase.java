package org.timerlock.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/** The contract on a database server, in a schema or database of the test class's own. */
abstract class ServerContractBase extends JdbcContractBase {

  private final IsolatedDatabase db;
  private final String unreachableUrl;

  /**
   * @param kind the server
   * @param unreachableUrl a URL of the same driver where nothing answers, with a short timeout
   */
  ServerContractBase(StoreKind kind, String unreachableUrl) {
    this.db = TestStores.isolatedDatabase(kind, getClass());
    this.unreachableUrl = unreachableUrl;
  }

  @Override
  HikariDataSource newPool() {
    return Pools.pool(db, 8);
  }

  @Override
  HikariDataSource unreachablePool() {
    return Pools.unreachable(unreachableUrl);
  }

  @Override
  void cleanUp() {
    db.close();
  }
}
