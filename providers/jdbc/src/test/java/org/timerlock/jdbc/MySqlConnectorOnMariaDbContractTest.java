package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * The whole contract through MySQL Connector/J on the real MariaDB server: the statements follow
 * the driver as well as the server (Connector/J runs no {@code INSERT ... RETURNING} as a query).
 */
class MySqlConnectorOnMariaDbContractTest extends JdbcContractBase {

  private final IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass());

  /**
   * Connector/J properties for the pools; by default it reports found rows (an upsert that leaves a
   * held row as it was counts 1, not 0).
   */
  String properties() {
    return "";
  }

  /** The MariaDB URL of the namespace, for MySQL's own driver. */
  final String url() {
    return mySqlUrl(db) + properties();
  }

  /** The URL of the namespace for MySQL Connector/J. */
  static String mySqlUrl(IsolatedDatabase db) {
    assertThat(db.url()).startsWith("jdbc:mariadb:").doesNotContain("?");
    return "jdbc:mysql:" + db.url().substring("jdbc:mariadb:".length());
  }

  @Override
  HikariDataSource newPool() {
    return Pools.pool(url(), db.user(), db.password(), 8);
  }

  @Override
  HikariDataSource unreachablePool() {
    return Pools.unreachable("jdbc:mysql://127.0.0.1:1/test?connectTimeout=1000");
  }

  @Override
  void cleanUp() {
    db.close();
  }

  @Test
  void connectsThroughConnectorJToMariaDb() throws SQLException {
    try (HikariDataSource pool = newPool();
        Connection connection = pool.getConnection()) {
      assertThat(connection.getMetaData().getDriverName()).contains("MySQL Connector");
      assertThat(connection.getMetaData().getDatabaseProductVersion()).contains("MariaDB");
    }
  }
}
