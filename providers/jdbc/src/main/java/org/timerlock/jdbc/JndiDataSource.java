package org.timerlock.jdbc;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

/**
 * A DataSource looked up in JNDI when a connection is first needed, and looked up again after every
 * failure: a DataSource that is not bound yet at deployment does not fail the application.
 */
final class JndiDataSource implements DataSource {

  private final String jndiName;
  private volatile DataSource target;

  JndiDataSource(String jndiName) {
    this.jndiName = jndiName;
  }

  String jndiName() {
    return jndiName;
  }

  private DataSource target() throws SQLException {
    DataSource found = target;
    if (found != null) {
      return found;
    }
    Object bound;
    try {
      bound = new InitialContext().lookup(jndiName);
    } catch (NamingException | RuntimeException e) {
      throw new SQLException(
          JdbcMessage.DATASOURCE_NOT_FOUND.text(
              "DataSource '" + jndiName + "' is not available in JNDI: " + e),
          e);
    }
    if (!(bound instanceof DataSource ds)) {
      throw new SQLException(
          JdbcMessage.DATASOURCE_NOT_FOUND.text(
              "JNDI name '"
                  + jndiName
                  + "' is bound to "
                  + (bound == null ? "null" : bound.getClass().getName())
                  + ", not to a javax.sql.DataSource"));
    }
    target = ds;
    return ds;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return target().getConnection();
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    return target().getConnection(username, password);
  }

  @Override
  public PrintWriter getLogWriter() throws SQLException {
    return target().getLogWriter();
  }

  @Override
  public void setLogWriter(PrintWriter out) throws SQLException {
    target().setLogWriter(out);
  }

  @Override
  public void setLoginTimeout(int seconds) throws SQLException {
    target().setLoginTimeout(seconds);
  }

  @Override
  public int getLoginTimeout() throws SQLException {
    return target().getLoginTimeout();
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("JNDI DataSource wrapper");
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    return target().unwrap(type);
  }

  @Override
  public boolean isWrapperFor(Class<?> type) throws SQLException {
    return type.isInstance(this) || target().isWrapperFor(type);
  }

  @Override
  public String toString() {
    return jndiName;
  }
}
