package org.timerlock.teststores;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A database namespace of its own for one test class on a shared server: a schema on PostgreSQL, a
 * database on MariaDB/MySQL. Closing it drops the namespace and everything in it.
 */
public final class IsolatedDatabase implements AutoCloseable {

  private final StoreAddress server;
  private final String namespace;
  private final TestStore.Namespace created;

  private IsolatedDatabase(StoreAddress server, String namespace, TestStore.Namespace created) {
    this.server = server;
    this.namespace = namespace;
    this.created = created;
  }

  static IsolatedDatabase create(StoreAddress server, String namespace) {
    TestStore.Namespace created = server.kind().store().namespace(server, namespace);
    execute(server, created.create());
    return new IsolatedDatabase(server, namespace, created);
  }

  private static void execute(StoreAddress server, String statement) {
    try (Connection c = Reachability.connect(server);
        Statement s = c.createStatement()) {
      s.execute(statement);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot run " + statement + " on " + server, e);
    }
  }

  /**
   * The JDBC URL that points into the namespace.
   *
   * @return e.g. {@code jdbc:postgresql://127.0.0.1:5432/test?currentSchema=tl_pgtest_x1y2}
   */
  public String url() {
    return created.url();
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
        new StoreAddress(server.kind(), url(), server.user(), server.password(), server.origin()));
  }

  @Override
  public void close() {
    execute(server, created.drop());
  }

  @Override
  public String toString() {
    return namespace + " on " + server;
  }
}
