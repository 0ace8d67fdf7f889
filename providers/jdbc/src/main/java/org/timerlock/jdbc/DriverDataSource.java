package org.timerlock.jdbc;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Connections from one driver instance, for the pool built from {@code timerlock.jdbc.url}: the
 * driver found in the application's class loader is used directly, {@link java.sql.DriverManager}
 * (which cannot see it) is not asked.
 */
final class DriverDataSource implements DataSource {

  private final Driver driver;
  private final String url;
  private volatile int loginTimeoutSeconds;
  private volatile PrintWriter logWriter;

  DriverDataSource(Driver driver, String url) {
    this.driver = driver;
    this.url = url;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return connect(new Properties());
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    Properties properties = new Properties();
    if (username != null) {
      properties.setProperty("user", username);
    }
    if (password != null) {
      properties.setProperty("password", password);
    }
    return connect(properties);
  }

  private Connection connect(Properties properties) throws SQLException {
    Connection connection = driver.connect(url, properties);
    if (connection == null) {
      // connect returns null for a URL the driver does not take; the driver was chosen for it.
      throw new SQLException("The JDBC driver " + driver.getClass().getName() + " refused the URL");
    }
    return connection;
  }

  @Override
  public PrintWriter getLogWriter() {
    return logWriter;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    logWriter = out;
  }

  @Override
  public void setLoginTimeout(int seconds) {
    loginTimeoutSeconds = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeoutSeconds;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return driver.getParentLogger();
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    throw new SQLException("DriverDataSource is not a wrapper for " + type.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return type.isInstance(this);
  }
}
