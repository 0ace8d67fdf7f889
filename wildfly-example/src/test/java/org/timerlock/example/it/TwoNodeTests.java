package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.testkit.stores.IsolatedDatabase;
import org.timerlock.testkit.stores.StoreKind;
import org.timerlock.testkit.stores.TestStores;

/**
 * Two WildFly nodes running the same application on one shared lock store. Every run of a cluster
 * job is recorded in the table {@code executions} of a PostgreSQL schema of the test's own, through
 * a JTA DataSource the application defines in its {@code web.xml}; the test reads that table and
 * the lock store from its own connections. Subclasses choose the lock store.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class TwoNodeTests {

  static final String APP = "cluster";

  @ArquillianResource ContainerController controller;
  @ArquillianResource Deployer deployer;

  /** The lock of one name as the store shows it. */
  record LockView(String holder, boolean heldNow, Instant expiresAt, Optional<Instant> takenAt) {}

  /**
   * The database of the {@code executions} table (and of the locks, for the JDBC store).
   *
   * @return the test class's schema
   */
  abstract IsolatedDatabase database();

  /**
   * Reads a lock from the store, from the test's own connection.
   *
   * @param name the lock name
   * @return what the store holds for it
   */
  abstract LockView lock(String name) throws Exception;

  /**
   * The application on one node, with its recording DataSource and the given settings.
   *
   * @param db the schema of the executions table
   * @param config extra {@code microprofile-config.properties} lines choosing the lock store
   * @return the archive
   */
  static WebArchive app(IsolatedDatabase db, String... config) {
    String webXml =
        """
        <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
          <data-source>
            <name>%s</name>
            <class-name>org.postgresql.ds.PGSimpleDataSource</class-name>
            <url>%s</url>
            <user>%s</user>
            <password>%s</password>
            <transactional>true</transactional>
          </data-source>
        </web-app>
        """
            .formatted(
                Recorder.DATASOURCE,
                db.url().replace("&", "&amp;"),
                db.user(),
                db.password() == null ? "" : db.password());
    return Deployments.withConfig(Deployments.exampleApp(APP), config)
        .addClasses(Recorder.class, ClusterJobs.class)
        .addAsWebInfResource(new StringAsset(webXml), "web.xml")
        .addAsLibrary(Deployments.testLib("postgresql.jar"));
  }

  /**
   * A schema of its own with the executions table, dropped when the test JVM ends.
   *
   * @param testClass names the schema
   * @return the schema
   */
  static IsolatedDatabase executionsDatabase(Class<?> testClass) {
    IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, testClass);
    Runtime.getRuntime().addShutdownHook(new Thread(db::close));
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE executions (id BIGSERIAL PRIMARY KEY, lock_name VARCHAR(64) NOT NULL,"
              + " fire_time TIMESTAMP NOT NULL, node VARCHAR(64) NOT NULL,"
              + " started TIMESTAMP NOT NULL, ended TIMESTAMP, in_tx BOOLEAN NOT NULL)");
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    return db;
  }

  @Test
  @Order(1)
  void everyFireRunsExactlyOnceAcrossTheTwoNodesAndNeverConcurrently() throws Exception {
    controller.start("node2");
    deployer.deploy("app-node1");
    deployer.deploy("app-node2");
    Instant from = Instant.now().plusSeconds(2);
    Thread.sleep(Duration.ofSeconds(34).toMillis());
    Instant to = Instant.now().minusSeconds(2);

    List<Run> runs = runs(ClusterJobs.EVERY_SECOND, from, to);
    assertTrue(runs.size() >= 30, "at least 30 s of fires: " + runs.size());
    assertNoOverlap(runs);
    Map<Instant, Run> byFire = new HashMap<>();
    for (Run run : runs) {
      Run earlier = byFire.put(run.fire(), run);
      assertTrue(earlier == null, "fire " + run.fire() + " ran twice: " + earlier + " and " + run);
      assertTrue(run.inTransaction(), "the job runs in its container transaction: " + run);
    }
    Instant first = runs.get(0).fire();
    Instant last = runs.get(runs.size() - 1).fire();
    for (Instant fire = first; !fire.isAfter(last); fire = fire.plusSeconds(1)) {
      assertTrue(byFire.containsKey(fire), "fire " + fire + " ran on no node; runs: " + runs);
    }
    long onNode1 = runs.stream().filter(r -> r.node().equals("node1")).count();
    System.out.printf(
        "%d fires from %s to %s: %d on node1, %d on node2%n",
        runs.size(), first, last, onNode1, runs.size() - onNode1);
  }

  @Test
  @Order(2)
  void duringALongRunTheLockRowIsCommittedAndTheOtherNodeSkips() throws Exception {
    Run running = awaitRunInProgress(Optional.empty());
    LockView row = lock(ClusterJobs.TAKEOVER);
    assertTrue(
        row.holder().startsWith(running.node()) && row.heldNow(),
        "while " + running + " runs, its lock is visible from another connection: " + row);
    Run done = awaitEnd(running.id());
    String other = running.node().equals("node1") ? "node2" : "node1";
    String skipsOnOther = get(other, "api/executions?lock=" + ClusterJobs.TAKEOVER);
    int skipsDuringRun = 0;
    for (String entry : skipsOnOther.split("\\},\\{")) {
      if (entry.contains("\"outcome\":\"skipped\"")) {
        Instant at = Instant.parse(field(entry, "start"));
        if (at.isAfter(done.started()) && at.isBefore(done.ended())) {
          skipsDuringRun++;
        }
      }
    }
    assertTrue(
        skipsDuringRun >= 2,
        other + " skipped the job while " + running + " ran: " + skipsDuringRun + " skips");
    assertNoOverlap(runs(ClusterJobs.TAKEOVER, Instant.EPOCH, Instant.now()));
  }

  @Test
  @Order(3)
  void whenTheNodeHoldingTheLockDiesTheOtherTakesOverWithinLockAtMostFor() throws Exception {
    Run crashed = awaitRunInProgress(Optional.of("node2"));
    ProcessHandle node2 = serverProcess("node2");
    LockView held = lock(ClusterJobs.TAKEOVER);
    assertTrue(
        held.holder().startsWith("node2") && held.heldNow(), "node2 holds the lock: " + held);
    node2.destroyForcibly();
    node2.onExit().get(60, TimeUnit.SECONDS);
    Instant killedAt = Instant.now();

    Run takeover = null;
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (takeover == null && System.nanoTime() < deadline) {
      takeover =
          runs(ClusterJobs.TAKEOVER, crashed.started(), Instant.now().plusSeconds(60)).stream()
              .filter(r -> r.node().equals("node1") && r.started().isAfter(crashed.started()))
              .findFirst()
              .orElse(null);
      Thread.sleep(200);
    }
    assertNotNull(takeover, "node1 never took over after node2 was killed at " + killedAt);
    LockView taken = lock(ClusterJobs.TAKEOVER);
    assertTrue(taken.holder().startsWith("node1"), "node1 holds the lock now: " + taken);
    Instant from = taken.takenAt().orElse(takeover.started());
    assertTrue(
        !from.isBefore(held.expiresAt().minus(clockTolerance())),
        "node1 took the lock only after node2's had expired: " + held + " then " + taken);
    assertTrue(
        Duration.between(held.expiresAt(), from).toMillis() <= 2000,
        "node1 took over at the first fire after lockAtMostFor (6s) had passed: "
            + held
            + " then "
            + taken
            + ", "
            + takeover);
    assertNeverEnded(crashed);
    stopKilledNode();
    deployer.undeploy("app-node1");
  }

  /**
   * How far the store's expiry and the time a run is seen to start may disagree: nothing when the
   * store records both (the database's clock), a little when one is the node's clock.
   *
   * @return the tolerance
   */
  Duration clockTolerance() {
    return Duration.ZERO;
  }

  private void stopKilledNode() {
    try {
      controller.stop("node2");
    } catch (RuntimeException e) {
      System.out.println("node2 was killed; stopping it reported: " + e);
    }
  }

  private void assertNeverEnded(Run crashed) throws SQLException {
    try (Connection c = database().connect();
        PreparedStatement s = c.prepareStatement("SELECT ended FROM executions WHERE id = ?")) {
      s.setLong(1, crashed.id());
      try (ResultSet r = s.executeQuery()) {
        r.next();
        assertEquals(null, r.getTimestamp(1), "the killed run never ended: " + crashed);
      }
    }
  }

  // --- the shared tables ---

  /** One recorded run. */
  record Run(
      long id, String node, Instant fire, Instant started, Instant ended, boolean inTransaction) {}

  private List<Run> runs(String lock, Instant from, Instant to) throws SQLException {
    List<Run> runs = new ArrayList<>();
    try (Connection c = database().connect();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT id, node, fire_time, started, ended, in_tx FROM executions"
                    + " WHERE lock_name = ? AND started >= ? AND started < ? ORDER BY started")) {
      s.setString(1, lock);
      s.setTimestamp(2, Timestamp.from(from));
      s.setTimestamp(3, Timestamp.from(to));
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          Timestamp ended = r.getTimestamp(5);
          runs.add(
              new Run(
                  r.getLong(1),
                  r.getString(2),
                  r.getTimestamp(3).toInstant(),
                  r.getTimestamp(4).toInstant(),
                  ended == null ? null : ended.toInstant(),
                  r.getBoolean(6)));
        }
      }
    }
    return runs;
  }

  private static void assertNoOverlap(List<Run> runs) {
    for (int i = 1; i < runs.size(); i++) {
      Run before = runs.get(i - 1);
      Run after = runs.get(i);
      assertNotNull(before.ended(), "a run that never ended: " + before);
      assertTrue(
          !after.started().isBefore(before.ended()),
          "two runs at the same time: " + before + " and " + after);
    }
  }

  private Run awaitRunInProgress(Optional<String> onNode) throws Exception {
    // Which node wins each race for the lock is up to the timers: give it a few rounds.
    long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (System.nanoTime() < deadline) {
      for (Run run : runs(ClusterJobs.TAKEOVER, Instant.now().minusSeconds(3), Instant.now())) {
        if (run.ended() == null && onNode.map(run.node()::equals).orElse(true)) {
          return run;
        }
      }
      Thread.sleep(100);
    }
    return fail(
        "no run of "
            + ClusterJobs.TAKEOVER
            + " in progress"
            + onNode.map(n -> " on " + n).orElse(""));
  }

  private Run awaitEnd(long id) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < deadline) {
      for (Run run : runs(ClusterJobs.TAKEOVER, Instant.now().minusSeconds(30), Instant.now())) {
        if (run.id() == id && run.ended() != null) {
          return run;
        }
      }
      Thread.sleep(100);
    }
    return fail("run " + id + " did not end");
  }

  // --- the servers ---

  private static ProcessHandle serverProcess(String node) {
    return ProcessHandle.current()
        .descendants()
        .filter(p -> p.info().commandLine().orElse("").contains("-Djboss.node.name=" + node + " "))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no server process for " + node));
  }

  private static String get(String node, String path) throws Exception {
    int port = node.equals("node1") ? 8080 : 8180;
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/" + APP + "/" + path))
                    .GET()
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), path + " on " + node + ": " + response.body());
    return response.body();
  }

  private static String field(String jsonObject, String name) {
    String key = "\"" + name + "\":\"";
    int start = jsonObject.indexOf(key) + key.length();
    return jsonObject.substring(start, jsonObject.indexOf('"', start));
  }
}
