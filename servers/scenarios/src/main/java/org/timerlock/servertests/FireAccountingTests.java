package org.timerlock.servertests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.cdi.internal.CdiMessage;
import org.timerlock.teststores.IsolatedDatabase;

/**
 * Every fire accounted for, on two server nodes sharing a PostgreSQL lock table: a clean deployment
 * logs no warning of TimerLock's; a job that fails on one node shows its failure to the other
 * through {@code LockAdmin}; a slot that falls while the application runs on no node is reported
 * once for the cluster, by the node that comes back: a WARNING with its code in the server log, a
 * {@code MISSED} lock event, and the counter {@code timerlock.fire.missed} where the server exposes
 * metrics.
 *
 * <p>The nodes and the system properties are those {@link TwoNodeTests} describes; the server
 * module's subclass says where each node's log is ({@link #serverLog}) and, if the server exports
 * the application's metrics, where ({@link #prometheus}). The tests run in order and share the
 * deployments: the first deploys on both nodes, the last stops node2.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class FireAccountingTests {

  private static final IsolatedDatabase DB = ExecutionsTable.create(FireAccountingTests.class);

  /** How often the cluster checks for missed fires here (the default is a minute). */
  static final Duration WATCH_INTERVAL = Duration.ofSeconds(2);

  /**
   * How late a fire of the watched job may be before its slot counts as missed: short, for a quick
   * test. A loaded machine may delay a timer longer; its slot then counts as missed too, which the
   * test allows: it judges only the slots of the downtime, and the counter against the events.
   */
  static final Duration GRACE = Duration.ofSeconds(4);

  /**
   * How late a fire of the example's other jobs (every 2 or 3 s, whose grace would be half that)
   * may be before the watch reports its slot. While a server deploys on a loaded machine, its
   * timers fire seconds late (Payara Micro boots with the deployment and delivers the timeouts that
   * fell due meanwhile late); the watch is right to report such a slot, which no node took within
   * its grace, but it is not what the clean-deployment check looks for. A slot that no node runs at
   * all is still reported, after this grace.
   */
  static final Duration EXAMPLE_GRACE = Duration.ofSeconds(30);

  /** The lock that picks the node of each check: its default name, which the test keeps. */
  static final String WATCH_LOCK = "timerlock-watch";

  private static final Duration DEADLINE = Duration.ofSeconds(60);
  private static final String MISSED_COUNTER = "timerlock_fire_missed_total";

  /** Where each node's log ended before the first deployment; node2's is taken once it runs. */
  private static final Map<String, Long> MARKS = new HashMap<>();

  /** What the tests deployed and started, for the last one to leave nothing behind. */
  private static final Set<String> DEPLOYED = new LinkedHashSet<>();

  private static boolean node2Started;

  @ArquillianResource ContainerController controller;
  @ArquillianResource Deployer deployer;

  @Deployment(name = "accounting-node1", managed = false, testable = false)
  @TargetsContainer("node1")
  static WebArchive onNode1() {
    return app();
  }

  @Deployment(name = "accounting-node2", managed = false, testable = false)
  @TargetsContainer("node2")
  static WebArchive onNode2() {
    return app();
  }

  private static WebArchive app() {
    return TwoNodeTests.recordingApp(
            DB,
            "timerlock.jdbc.datasource=" + Recorder.DATASOURCE,
            "timerlock.watch.interval=" + WATCH_INTERVAL.toSeconds() + "s",
            "timerlock.default.grace=" + EXAMPLE_GRACE.toSeconds() + "s",
            "timerlock.lock.\"" + AccountedJobs.WATCHED + "\".grace=" + GRACE.toSeconds() + "s")
        .addClasses(
            AccountedJobs.class,
            FailingTask.class,
            MissedSlots.class,
            AccountingProbe.class,
            AccountingProbe.LastRun.class);
  }

  /**
   * A node's server log.
   *
   * @param node {@code node1} or {@code node2}
   * @return its log
   */
  protected abstract ServerLog serverLog(String node);

  /**
   * node1's Prometheus text export of the application's metrics, if the server has one.
   *
   * @return the endpoint; empty where the server exports none (the counter is then not checked)
   */
  protected Optional<URI> prometheus() {
    return Optional.empty();
  }

  /**
   * The labels the server adds to this application's series.
   *
   * @return label name to value; empty if the server adds none
   */
  protected Map<String, String> applicationLabels() {
    return Map.of();
  }

  /**
   * The entries of a node's log since a mark that a clean deployment must not have: by default
   * TimerLock's own WARNING or worse lines and the server's about its classes.
   *
   * @param log the node's log
   * @param mark where the log ended before the deployment
   * @return the entries
   */
  protected List<String> deploymentWarnings(ServerLog log, long mark) {
    return log.timerLockWarningsSince(mark);
  }

  @Test
  @Order(1)
  public void aCleanDeploymentOnTwoNodesLogsNoWarningOfTimerLock() throws Exception {
    MARKS.put("node1", serverLog("node1").mark());
    controller.start("node2");
    node2Started = true;
    MARKS.put("node2", serverLog("node2").mark());
    deploy("accounting-node1");
    deploy("accounting-node2");
    // Past the deployment, up to a first fire granted: the provider, the table and the watch are
    // all in use by then.
    until(
        "a first fire of " + AccountedJobs.WATCHED, () -> lastFire(AccountedJobs.WATCHED) != null);
    for (String node : List.of("node1", "node2")) {
      until(
          "the deployment's summary in " + serverLog(node),
          () -> serverLog(node).deploymentSummarySince(MARKS.get(node)));
      List<String> warnings = deploymentWarnings(serverLog(node), MARKS.get(node));
      assertEquals(
          List.of(),
          warnings,
          "WARNING or worse lines of TimerLock in " + serverLog(node) + " since the deployment");
    }
  }

  @Test
  @Order(2)
  public void aFailureOnOneNodeIsTheLastRunTheOtherNodeReads() throws Exception {
    assertEquals(
        IllegalStateException.class.getName(),
        Nodes.post("node1", "api/accounting/failure"),
        "the task threw on node1");
    String path = "api/accounting/last-run/" + FailingTask.LOCK;
    Map<String, Object> seen =
        awaitValue(
            "node2 reading the failed run of " + FailingTask.LOCK,
            () -> {
              Map<String, Object> lastRun = json(Nodes.get("node2", path));
              return "FAILED".equals(lastRun.get("outcome")) ? lastRun : null;
            });
    assertEquals("node1", seen.get("node"), "the run's node: " + seen);
    assertEquals(IllegalStateException.class.getName(), seen.get("errorClass"), seen.toString());
    assertEquals(
        FailingTask.RECORDED,
        seen.get("errorMessage"),
        "the message kept escaped, its password masked: " + seen);
  }

  @Test
  @Order(3)
  public void aSlotMissedWhileNoNodeRunsTheApplicationIsReportedOnceForTheCluster()
      throws Exception {
    try {
      // Right after a fire was granted, the application leaves both nodes before the next slot.
      Instant before = lastFire(AccountedJobs.WATCHED);
      until(
          "a fresh fire of " + AccountedJobs.WATCHED,
          () -> isAfter(lastFire(AccountedJobs.WATCHED), before));
      undeploy("accounting-node2");
      undeploy("accounting-node1");
      Instant lastBeforeDown = lastFire(AccountedJobs.WATCHED);
      Instant missed = lastBeforeDown.plus(AccountedJobs.PERIOD);
      until(
          "the slot " + missed + " to pass with the application on no node",
          () -> Instant.now().isAfter(missed.plusMillis(500)));
      stopNode2();
      deploy("accounting-node1");

      Instant firstAfter =
          awaitValue(
              "a fire of " + AccountedJobs.WATCHED + " after the application came back",
              () -> {
                Instant last = lastFire(AccountedJobs.WATCHED);
                return isAfter(last, lastBeforeDown) ? last : null;
              });
      List<Instant> slotsMissed = new ArrayList<>();
      for (Instant slot = missed;
          slot.isBefore(firstAfter);
          slot = slot.plus(AccountedJobs.PERIOD)) {
        slotsMissed.add(slot);
      }
      assertFalse(slotsMissed.isEmpty(), "no slot fell while the application was down");
      // Until a check has covered every slot up to the first fire after the downtime: after it, no
      // check covers them again.
      Instant covered = firstAfter.plus(GRACE).plus(WATCH_INTERVAL);
      until(
          "a check for missed fires at " + covered + " or later",
          () -> isAfter(lastFire(WATCH_LOCK), covered.minusMillis(1)));

      // Each slot of the downtime is reported exactly once. Other slots may be reported too: a
      // loaded machine can delay a timer past the grace, and its slot then counts as missed
      // whatever the delay, so the test does not judge slots outside the downtime.
      List<Instant> events = missedEventsOnNode1();
      for (Instant slot : slotsMissed) {
        assertEquals(
            1,
            events.stream().filter(slot::equals).count(),
            "node1's MISSED events for the slot " + slot + " of the downtime: " + events);
        long lines = missedLines(slot, "node1") + missedLines(slot, "node2");
        assertEquals(1, lines, "log lines of both nodes reporting the slot " + slot);
      }
      if (prometheus().isPresent()) {
        // Both grow when a late timer makes a slot count as missed: wait until a read of each
        // agrees rather than compare two single reads.
        until(
            "timerlock.fire.missed of " + AccountedJobs.WATCHED + " on node1 to equal its events",
            () -> {
              List<Instant> reported = missedEventsOnNode1();
              double counted = missedCounter();
              return counted == reported.size() && reported.equals(missedEventsOnNode1());
            });
      }
    } finally {
      for (String deployment : List.copyOf(DEPLOYED)) {
        undeploy(deployment);
      }
      stopNode2();
    }
  }

  private void deploy(String deployment) {
    deployer.deploy(deployment);
    DEPLOYED.add(deployment);
  }

  private void undeploy(String deployment) {
    DEPLOYED.remove(deployment);
    deployer.undeploy(deployment);
  }

  private void stopNode2() {
    if (node2Started) {
      node2Started = false;
      controller.stop("node2");
    }
  }

  private long missedLines(Instant slot, String node) {
    String lock = "lock '" + AccountedJobs.WATCHED + "' ";
    String at = "missed its fire at " + slot + ":";
    return serverLog(node).entriesSince(MARKS.get(node)).stream()
        .filter(
            e -> e.contains(CdiMessage.FIRE_MISSED.code()) && e.contains(lock) && e.contains(at))
        .count();
  }

  private List<Instant> missedEventsOnNode1() throws Exception {
    Object slots =
        JsonReader.parse(Nodes.get("node1", "api/accounting/missed/" + AccountedJobs.WATCHED));
    List<Instant> instants = new ArrayList<>();
    for (Object slot : (List<?>) slots) {
      instants.add(Instant.parse((String) slot));
    }
    return instants;
  }

  private double missedCounter() throws Exception {
    Map<String, String> labels = new HashMap<>(applicationLabels());
    labels.put("timerlock_lock_name", AccountedJobs.WATCHED);
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(prometheus().orElseThrow()).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), "GET " + prometheus().orElseThrow());
    return PrometheusText.sum(response.body(), MISSED_COUNTER, labels);
  }

  /** The latest fire the store granted a lock, or null before the first. */
  private static Instant lastFire(String lock) throws Exception {
    try (Connection c = DB.connect();
        PreparedStatement s = c.prepareStatement("SELECT last_fire FROM shedlock WHERE name = ?")) {
      s.setString(1, lock);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          return null;
        }
        // Epoch milliseconds, null until the first fire granted.
        long fire = r.getLong(1);
        return r.wasNull() ? null : Instant.ofEpochMilli(fire);
      }
    } catch (SQLException e) {
      // Before the first deployment has created the table.
      if ("42P01".equals(e.getSQLState())) {
        return null;
      }
      throw e;
    }
  }

  private static boolean isAfter(Instant instant, Instant other) {
    return instant != null && (other == null || instant.isAfter(other));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> json(String body) {
    Object parsed = JsonReader.parse(body);
    if (parsed instanceof Map<?, ?> map) {
      return (Map<String, Object>) map;
    }
    return fail("not a JSON object: " + body);
  }

  /** Polls until the condition holds. */
  private static void until(String what, Callable<Boolean> condition) throws Exception {
    awaitValue(what, () -> condition.call() ? Boolean.TRUE : null);
  }

  /** Polls until the supplier gives a value, and returns it. */
  private static <T> T awaitValue(String what, Callable<T> value) throws Exception {
    long deadline = System.nanoTime() + DEADLINE.toNanos();
    while (true) {
      T seen = value.call();
      if (seen != null) {
        return seen;
      }
      if (System.nanoTime() > deadline) {
        return fail("timed out after " + DEADLINE.toSeconds() + " s waiting for " + what);
      }
      Thread.sleep(100);
    }
  }
}
