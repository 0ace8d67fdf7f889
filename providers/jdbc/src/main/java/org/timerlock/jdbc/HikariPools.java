package org.timerlock.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Driver;
import java.time.Duration;
import javax.sql.DataSource;

/** The only class that touches HikariCP, so that the provider loads without it. */
final class HikariPools {

  private HikariPools() {}

  /**
   * A pool of connections to the URL.
   *
   * @param driver the driver to connect with; null to let HikariCP ask {@link
   *     java.sql.DriverManager}
   */
  static DataSource create(
      String url,
      Driver driver,
      String username,
      String password,
      int size,
      Duration connectionTimeout) {
    HikariConfig config = new HikariConfig();
    if (driver == null) {
      config.setJdbcUrl(url);
    } else {
      config.setDataSource(new DriverDataSource(driver, url));
    }
    if (username != null) {
      config.setUsername(username);
    }
    if (password != null) {
      config.setPassword(password);
    }
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(Math.min(1, size));
    config.setPoolName("timerlock-jdbc");
    config.setAutoCommit(true);
    config.setConnectionTimeout(Math.max(250, connectionTimeout.toMillis()));
    // A database that is down at start-up must not prevent the application from starting.
    config.setInitializationFailTimeout(-1);
    return new HikariDataSource(config);
  }
}
