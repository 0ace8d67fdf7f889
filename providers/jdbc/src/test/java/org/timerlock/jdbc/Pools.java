package org.timerlock.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;

/** Connection pools and helpers for the tests: one pool per simulated node. */
final class Pools {

  private Pools() {}

  static HikariDataSource pool(String url, String user, String password, int size) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setUsername(user);
    config.setPassword(password);
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(0);
    // Generous: on a loaded machine creating a fresh embedded database (Derby) takes seconds, and
    // how long a connection takes is not what any test checks.
    config.setConnectionTimeout(30_000);
    config.setInitializationFailTimeout(-1);
    return new HikariDataSource(config);
  }

  static HikariDataSource pool(IsolatedDatabase db, int size) {
    return pool(db.url(), db.user(), db.password(), size);
  }

  /**
   * A pool that cannot reach anything: stands for a database that is down. Its getConnection()
   * fails after half a second: the contract checks that an attempt on a store that is down fails
   * and is reported, not why, so it need not wait for the pool's own connection attempt.
   */
  static HikariDataSource unreachable(String url) {
    return unreachable(url, 500);
  }

  /**
   * A pool that cannot reach anything, whose getConnection() waits long enough for the pool's own
   * connection attempt to have failed, so that the timeout it reports carries that failure's
   * SQLState.
   */
  static HikariDataSource unreachableWithCause(String url) {
    return unreachable(url, 3000);
  }

  private static HikariDataSource unreachable(String url, long connectionTimeoutMillis) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setMaximumPoolSize(1);
    config.setMinimumIdle(0);
    config.setConnectionTimeout(connectionTimeoutMillis);
    config.setInitializationFailTimeout(-1);
    return new HikariDataSource(config);
  }

  static String unique(String prefix) {
    return prefix + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
  }

  static void exec(javax.sql.DataSource ds, String sql) {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
  }

  /**
   * The DDL of a ShedLock-style lock table whose name column has the given size, standing for a
   * table another application owns.
   *
   * @param table the table name, optionally qualified
   * @param timestamp the database's timestamp type
   */
  static String lockTableDdl(String table, int nameSize, String timestamp) {
    return "CREATE TABLE "
        + table
        + "(name VARCHAR("
        + nameSize
        + ") NOT NULL, lock_until "
        + timestamp
        + " NOT NULL, locked_at "
        + timestamp
        + " NOT NULL, locked_by VARCHAR(255) NOT NULL, PRIMARY KEY (name))";
  }

  /** Creates a ShedLock-style table {@code table} in a test-owned namespace on a server. */
  static void lockTable(IsolatedDatabase db, String table, int nameSize) {
    String timestamp = db.server().kind() == StoreKind.MARIADB ? "DATETIME(3)" : "TIMESTAMP(3)";
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute(lockTableDdl(table, nameSize, timestamp));
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot create " + table + " in " + db, e);
    }
  }

  static long queryLong(javax.sql.DataSource ds, String sql) {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        var rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
  }
}
