package org.timerlock.interop;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.timerlock.teststores.IsolatedDatabase;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/** Set-up and clean-up of the shared stores the ShedLock and TimerLock nodes meet on. */
final class MatrixStores {

  private MatrixStores() {}

  static HikariDataSource pool(IsolatedDatabase db) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(db.url());
    config.setUsername(db.user());
    config.setPassword(db.password());
    config.setMaximumPoolSize(4);
    config.setMinimumIdle(0);
    return new HikariDataSource(config);
  }

  /**
   * Creates a lock table with ShedLock's documented DDL, unless it exists.
   *
   * @param timestamp {@code TIMESTAMP} on PostgreSQL, {@code TIMESTAMP(3)} on MySQL/MariaDB
   */
  static void createShedLockTable(DataSource dataSource, String table, String timestamp) {
    String ddl =
        "CREATE TABLE IF NOT EXISTS "
            + table
            + " (name VARCHAR(64) NOT NULL, lock_until "
            + timestamp
            + " NOT NULL, locked_at "
            + timestamp
            + " NOT NULL, locked_by VARCHAR(255) NOT NULL, PRIMARY KEY (name))";
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(ddl);
    } catch (SQLException e) {
      throw new IllegalStateException(ddl + ": " + e.getMessage(), e);
    }
  }

  /** Deletes every key under the prefix: lock keys and TimerLock's state hashes (no TTL). */
  static void deleteKeys(RedisClient client, String prefix) {
    String cursor = ScanParams.SCAN_POINTER_START;
    do {
      ScanResult<String> page = client.scan(cursor, new ScanParams().match(prefix + ":*"));
      if (!page.getResult().isEmpty()) {
        client.del(page.getResult().toArray(String[]::new));
      }
      cursor = page.getCursor();
    } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
  }
}
