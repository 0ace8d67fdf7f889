package org.timerlock.example.it;

import java.net.URI;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * The servers and the database of the whole test run, started once and shared by the test classes
 * (a GlassFish domain takes a minute or more to boot on a loaded machine): a PostgreSQL schema of
 * the run's own, and the domains {@code gf1} and, for the two-domain tests, {@code gf2}, each with
 * the JDBC resource {@code jdbc/locks} in that schema and its own {@code timerlock.node-id}. All
 * are stopped and dropped when the run ends.
 */
final class Servers implements BeforeAllCallback {

  /** Port bases of the domains: far from the defaults (4848, 8080) other servers use. */
  private static final int[] PORT_BASES = {24000, 24200};

  private static IsolatedDatabase database;
  private static final GlassFishDomain[] DOMAINS = new GlassFishDomain[2];
  private static final RuntimeException[] FAILURES = new RuntimeException[2];
  private static ExtensionContext.Store rootStore;

  @Override
  public void beforeAll(ExtensionContext context) {
    rootStore = context.getRoot().getStore(ExtensionContext.Namespace.create(Servers.class));
  }

  /**
   * The run's schema, with the application's audit tables.
   *
   * @return the schema
   */
  static synchronized IsolatedDatabase database() {
    if (database == null) {
      database = TestStores.isolatedDatabase(StoreKind.POSTGRES, Servers.class);
      rootStore.put("database", database);
    }
    return database;
  }

  /**
   * A running domain with the JDBC resource and node id, started on first use.
   *
   * @param number 1 or 2
   * @return the domain {@code gf<number>}
   */
  static synchronized GlassFishDomain node(int number) {
    if (FAILURES[number - 1] != null) {
      throw new IllegalStateException("gf" + number + " failed to start", FAILURES[number - 1]);
    }
    GlassFishDomain domain = DOMAINS[number - 1];
    if (domain == null) {
      try {
        IsolatedDatabase db = database();
        domain = GlassFishDomain.start("gf" + number, PORT_BASES[number - 1]);
        // JUnit closes the AutoCloseable values of the root store when the run ends.
        rootStore.put(domain.name(), domain);
        configure(domain, db);
        DOMAINS[number - 1] = domain;
      } catch (RuntimeException e) {
        // Later test classes fail at once instead of booting the domain again.
        FAILURES[number - 1] = e;
        throw e;
      }
    }
    return domain;
  }

  /** What an operator does once per domain: the lock database and a readable node id. */
  private static void configure(GlassFishDomain domain, IsolatedDatabase db) {
    URI server = URI.create(db.server().url().substring("jdbc:".length()));
    String password = db.password() == null || db.password().isEmpty() ? "unused" : db.password();
    domain.admin(
        "create-jdbc-connection-pool",
        "--datasourceclassname",
        "org.postgresql.ds.PGSimpleDataSource",
        "--restype",
        "javax.sql.DataSource",
        "--property",
        String.join(
            ":",
            "user=" + (db.user() == null ? "postgres" : db.user()),
            // GlassFish wants a password property even where the database needs none.
            "password=" + password,
            "serverName=" + server.getHost(),
            "portNumber=" + (server.getPort() < 0 ? 5432 : server.getPort()),
            "databaseName=" + server.getPath().substring(1),
            "currentSchema=" + db.namespace()),
        "LocksPool");
    domain.admin("create-jdbc-resource", "--connectionpoolid", "LocksPool", "jdbc/locks");
    domain.admin("create-system-properties", "timerlock.node-id=" + domain.name());
  }
}
