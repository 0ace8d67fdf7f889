package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.jdbc.JdbcLockProvider;
import org.timerlock.testkit.stores.IsolatedDatabase;
import org.timerlock.testkit.stores.StoreKind;
import org.timerlock.testkit.stores.TestStores;

/**
 * Two nodes on one PostgreSQL table: the server runs the example with its locks in a DataSource the
 * application defines in web.xml; the test JVM is the other node, with a {@link JdbcLockProvider}
 * of its own on the same table. While the test holds the lock, the server's timer fires are
 * skipped; once it lets go, the server runs the job again.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SharedPostgresIT {

  private static final String LOCK = "nightly-report";
  private static final String DATASOURCE = "java:app/jdbc/locks";
  private static final IsolatedDatabase DB = database();

  @Deployment(testable = false)
  static WebArchive deployment() {
    String webXml =
        """
        <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
          <data-source>
            <name>%s</name>
            <class-name>org.postgresql.ds.PGSimpleDataSource</class-name>
            <url>%s</url>
            <user>%s</user>
            <password>%s</password>
          </data-source>
        </web-app>
        """
            .formatted(
                DATASOURCE,
                DB.url().replace("&", "&amp;"),
                DB.user(),
                DB.password() == null ? "" : DB.password());
    return Deployments.exampleApp("shared-postgres", "timerlock.jdbc.datasource=" + DATASOURCE)
        .addAsWebInfResource(new StringAsset(webXml), "web.xml");
  }

  @Test
  void theServerSkipsWhileTheTestNodeHoldsTheLockAndRunsAfterwards() throws Exception {
    await("the server ran the job, locked in PostgreSQL", () -> holder().startsWith("liberty1"));

    PGSimpleDataSource dataSource = new PGSimpleDataSource();
    dataSource.setURL(DB.url());
    dataSource.setUser(DB.user());
    dataSource.setPassword(DB.password());
    try (JdbcLockProvider testNode =
        JdbcLockProvider.builder().dataSource(dataSource).nodeId("test-node").build()) {
      LockConfiguration config = new LockConfiguration(LOCK, Duration.ofMinutes(1), Duration.ZERO);
      Optional<SimpleLock> held = Optional.empty();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (held.isEmpty() && System.nanoTime() < deadline) {
        held = testNode.lock(config);
        Thread.sleep(100);
      }
      assertTrue(held.isPresent(), "the test node got the lock between two of the server's runs");
      long skipped = logLines("lock=" + LOCK + " skipped");
      long ran = logLines("lock=" + LOCK + " ran");
      await("a fire skipped by the server", () -> logLines("lock=" + LOCK + " skipped") > skipped);
      assertTrue(ran == logLines("lock=" + LOCK + " ran"), "no run while the test node held it");
      assertTrue(holder().startsWith("test-node"), "the row still names the test node");
      held.get().unlock();
      await("the server runs it again", () -> logLines("lock=" + LOCK + " ran") > ran);
      assertTrue(holder().startsWith("liberty1"), "the server took it again: " + holder());
    }
  }

  private static String holder() throws Exception {
    try (Connection c = DB.connect();
        PreparedStatement s = c.prepareStatement("SELECT locked_by FROM shedlock WHERE name = ?")) {
      s.setString(1, LOCK);
      try (ResultSet r = s.executeQuery()) {
        return r.next() ? r.getString(1) : "";
      }
    } catch (java.sql.SQLException e) {
      return ""; // the server has not created the table yet
    }
  }

  private static long logLines(String text) throws Exception {
    return Files.readAllLines(Deployments.messagesLog(), StandardCharsets.UTF_8).stream()
        .filter(line -> line.contains("[timerlock-example] " + text))
        .count();
  }

  private static void await(String what, Callable<Boolean> condition) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.call()) {
      if (System.nanoTime() > deadline) {
        fail("timed out after 30 s waiting for: " + what);
      }
      Thread.sleep(100);
    }
  }

  private static IsolatedDatabase database() {
    IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, SharedPostgresIT.class);
    Runtime.getRuntime().addShutdownHook(new Thread(db::close));
    return db;
  }
}
