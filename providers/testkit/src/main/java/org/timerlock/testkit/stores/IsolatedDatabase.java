package org.timerlock.testkit.stores;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A database namespace of its own for one test class on a shared server: a schema on PostgreSQL, a
 * database on MariaDB/MySQL. Closing it drops the namespace and everything in it.
 */
public final class IsolatedDatabase implements AutoCloseable {

  private static final Pattern MYSQL_URL =
      Pattern.compile("^(jdbc:(?:mariadb|mysql)://[^/?]+)(/[^?]*)?(\\?.*)?$");

  private final StoreAddress server;
  private final String namespace;
  private final String url;

  private IsolatedDatabase(StoreAddress server, String namespace, String url) {
    this.server = server;
    this.namespace = namespace;
    this.url = url;
  }

  static IsolatedDatabase create(StoreAddress server, String namespace) {
    String url;
    String ddl;
    if (server.kind() == StoreKind.POSTGRES) {
      url = server.url() + (server.url().contains("?") ? "&" : "?") + "currentSchema=" + namespace;
      ddl = "CREATE SCHEMA " + namespace;
    } else {
      Matcher m = MYSQL_URL.matcher(server.url());
      if (!m.matches()) {
        throw new IllegalArgumentException(
            "Not a MariaDB/MySQL JDBC URL: " + server + "; expected jdbc:mariadb://host:port/db");
      }
      url = m.group(1) + "/" + namespace + (m.group(3) == null ? "" : m.group(3));
      ddl = "CREATE DATABASE " + namespace;
    }
    try (Connection c = Reachability.connect(server);
        Statement s = c.createStatement()) {
      s.execute(ddl);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot create " + namespace + " on " + server, e);
    }
    return new IsolatedDatabase(server, namespace, url);
  }

  /**
   * The JDBC URL that points into the namespace.
   *
   * @return e.g. {@code jdbc:postgresql://127.0.0.1:5432/test?currentSchema=tl_pgtest_x1y2}
   */
  public String url() {
    return url;
  }

  /**
   * The user.
   *
   * @return the user, or null when the URL carries it
   */
  public String user() {
    return server.user();
  }

  /**
   * The password.
   *
   * @return the password, or null
   */
  public String password() {
    return server.password();
  }

  /**
   * The schema (PostgreSQL) or database (MariaDB/MySQL) name.
   *
   * @return the namespace
   */
  public String namespace() {
    return namespace;
  }

  /**
   * The server this namespace lives on.
   *
   * @return its address
   */
  public StoreAddress server() {
    return server;
  }

  /**
   * A new connection into the namespace, for test set-up and checks.
   *
   * @return an autocommit connection; the caller closes it
   */
  public Connection connect() {
    return Reachability.connect(
        new StoreAddress(server.kind(), url, server.user(), server.password(), server.origin()));
  }

  @Override
  public void close() {
    String drop =
        server.kind() == StoreKind.POSTGRES
            ? "DROP SCHEMA " + namespace + " CASCADE"
            : "DROP DATABASE " + namespace;
    try (Connection c = Reachability.connect(server);
        Statement s = c.createStatement()) {
      s.execute(drop);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot drop " + namespace + " on " + server, e);
    }
  }

  @Override
  public String toString() {
    return namespace + " on " + server;
  }
}
