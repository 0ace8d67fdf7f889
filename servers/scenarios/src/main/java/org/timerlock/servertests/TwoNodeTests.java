package org.timerlock.servertests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
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
import org.timerlock.servertests.ExecutionsTable.Run;
import org.timerlock.teststores.IsolatedDatabase;

/**
 * Two server nodes running the same application on one shared lock store. Every run of a cluster
 * job is recorded in the table {@code executions} of a PostgreSQL schema of the test's own, through
 * a JTA DataSource the application defines in its {@code web.xml}; the test reads that table
 * ({@link ExecutionsTable}) and the lock store from its own connections, and reaches the nodes
 * through {@link Nodes}. {@link TwoNodePostgresTests} and {@link TwoNodeRedisTests} choose the lock
 * store and deploy the application as {@code app-node1} to the Arquillian container {@code node1}
 * and {@code app-node2} to {@code node2}; a server module runs them with empty subclasses.
 *
 * <p>What the server module provides: an {@code arquillian.xml} with the containers {@code node1}
 * and {@code node2} (node2 in manual mode), each server named {@code node1} or {@code node2} (the
 * TimerLock node id, which the lock store shows as the holder, and the name {@link Recorder}
 * writes), and these system properties of the test JVM: {@code node1.http.port} and {@code
 * node2.http.port}, where each node's REST API answers, and {@code node.command.line.mark}, the
 * start of a command-line argument that ends with the node's name, by which the test finds the
 * process of node2 to pause and kill (e.g. {@code -Djboss.node.name=}).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class TwoNodeTests {

  /** The name of the application on both nodes. */
  public static final String APP = "cluster";

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
  protected static WebArchive app(IsolatedDatabase db, String... config) {
    return recordingApp(db, config).addClass(ClusterJobs.class);
  }

  /**
   * The example application with {@link Recorder} and its DataSource but no jobs of its own: the
   * scenario adds the jobs it checks.
   *
   * @param db the schema of the executions table
   * @param config extra {@code microprofile-config.properties} lines choosing the lock store
   * @return the archive
   */
  static WebArchive recordingApp(IsolatedDatabase db, String... config) {
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
                // Payara refuses a pool without a password (RAR5038) even where the database asks
                // for none; a database that trusts the user ignores it.
                db.password() == null ? "unused" : db.password());
    return Deployments.withConfig(Deployments.exampleApp(APP), config)
        .addClass(Recorder.class)
        .addAsWebInfResource(new StringAsset(webXml), "web.xml")
        .addAsLibrary(Deployments.testLib("postgresql.jar"));
  }

  /**
   * How many fires of {@link ClusterJobs#PERIODIC} the first test checks: 24 s of a 4 s schedule on
   * each server and store. Runs twice per fire are looked for by the thousands in the chaos harness
   * and the mixed-fleet matrix; here the point is the server's timer under the lock.
   */
  static final int FIRES = 6;

  /** How long after it started a run of {@link ClusterJobs#TAKEOVER} counts as freshly started. */
  static final Duration FRESH = ClusterJobs.TAKEOVER_RUN.dividedBy(3);

  /**
   * How long the takeover test lets both nodes race for {@link ClusterJobs#TAKEOVER} until node2
   * wins one, before it takes node1 out of the race.
   */
  static final Duration RACE = Duration.ofSeconds(30);

  /** How long a test waits to see a fresh run of {@link ClusterJobs#TAKEOVER} it can count on. */
  static final Duration PATIENCE = Duration.ofSeconds(120);

  @Test
  @Order(1)
  public void everyFireRunsExactlyOnceAcrossTheTwoNodesAndNeverConcurrently() throws Exception {
    controller.start("node2");
    deployer.deploy("app-node1");
    deployer.deploy("app-node2");
    // FIRES scheduled fires, starting a little after both nodes have the application.
    Instant from = firstFireFrom(Instant.now().plusSeconds(2), ClusterJobs.PERIOD);
    Instant to = from.plus(ClusterJobs.PERIOD.multipliedBy(FIRES));
    List<Instant> fires = new ArrayList<>();
    for (Instant fire = from; fire.isBefore(to); fire = fire.plus(ClusterJobs.PERIOD)) {
      fires.add(fire);
    }

    // Wait until every fire of the window has run on some node and every such run has ended.
    List<Run> runs = executions().runsOfFires(ClusterJobs.PERIODIC, from, to);
    long deadline =
        System.nanoTime() + Duration.between(Instant.now(), to).plusSeconds(60).toNanos();
    while (!allRanAndEnded(fires, runs) && System.nanoTime() < deadline) {
      Thread.sleep(500);
      runs = executions().runsOfFires(ClusterJobs.PERIODIC, from, to);
    }

    assertNoOverlap(runs, ClusterJobs.PERIODIC_LOCK_AT_MOST_FOR);
    Map<Instant, Run> byFire = new HashMap<>();
    for (Run run : runs) {
      assertTrue(
          run.fire().getNano() == 0
              && run.fire().getEpochSecond() % ClusterJobs.PERIOD.toSeconds() == 0,
          "a run is labelled with a scheduled time of the timer: " + run);
      Run earlier = byFire.put(run.fire(), run);
      assertTrue(earlier == null, "fire " + run.fire() + " ran twice: " + earlier + " and " + run);
      assertTrue(run.inTransaction(), "the job runs in its container transaction: " + run);
    }
    // A node that finds the lock taken skips the fire rather than waiting: on a loaded machine a
    // run (or a late timer) can reach into the next fire's slot, and that fire runs nowhere, by
    // design. A fire that ran nowhere while no run held the lock in its slot is a lost fire.
    List<Instant> skippedDuringARun = new ArrayList<>();
    for (Instant fire : fires) {
      if (!byFire.containsKey(fire)) {
        assertTrue(
            inProgressDuringSlot(fire, runs),
            "fire "
                + fire
                + " ran on no node, and no run was in progress in its slot; runs: "
                + runs);
        skippedDuringARun.add(fire);
      }
    }
    if (!skippedDuringARun.isEmpty()) {
      System.out.println(
          "fires that fell during a longer run and were skipped: " + skippedDuringARun);
    }
    long onNode1 = runs.stream().filter(r -> r.node().equals("node1")).count();
    System.out.printf(
        "%d fires from %s to %s: %d on node1, %d on node2; latest start %d ms after its fire%n",
        runs.size(),
        from,
        to,
        onNode1,
        runs.size() - onNode1,
        runs.stream()
            .mapToLong(r -> Duration.between(r.fire(), r.started()).toMillis())
            .max()
            .orElse(0));
  }

  @Test
  @Order(2)
  public void duringALongRunTheLockRowIsCommittedAndTheOtherNodeSkips() throws Exception {
    Observation seen = awaitRunInProgress(Optional.empty());
    Run running = seen.run();
    LockView row = seen.lock();
    assertTrue(
        row.holder().startsWith(running.node()) && row.heldNow(),
        "while " + running + " runs, its lock is visible from another connection: " + row);
    Run done = executions().awaitEnd(running.id());
    String other = running.node().equals("node1") ? "node2" : "node1";
    // The other node's timer fires every second during the 4 s run; each fire is a skip, recorded
    // by the node as it happens.
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    int skipsDuringRun =
        Nodes.skipsDuring(other, ClusterJobs.TAKEOVER, done.started(), done.ended());
    while (skipsDuringRun < 2 && System.nanoTime() < deadline) {
      Thread.sleep(200);
      skipsDuringRun = Nodes.skipsDuring(other, ClusterJobs.TAKEOVER, done.started(), done.ended());
    }
    assertTrue(
        skipsDuringRun >= 2,
        other + " skipped the job while " + running + " ran: " + skipsDuringRun + " skips");
    assertNoOverlap(
        executions().runs(ClusterJobs.TAKEOVER, Instant.EPOCH, Instant.now()),
        ClusterJobs.TAKEOVER_LOCK_AT_MOST_FOR);
  }

  @Test
  @Order(3)
  public void aNodeWhoseTimerFiresLateForAFireTheOtherRanIsRefusedAsAlreadyRan() throws Exception {
    ProcessHandle node2 = Nodes.serverProcess("node2");
    for (int attempt = 1; attempt <= 3; attempt++) {
      // Right after a fire has ended, node2 is paused until node1 has run the next fire alone.
      Run previous = executions().awaitEndedRunStartedAfter(ClusterJobs.LATE, Instant.now());
      Instant fire = previous.fire().plus(ClusterJobs.PERIOD);
      Run onNode1;
      Nodes.signal(node2, "STOP");
      try {
        onNode1 = executions().awaitEndedRunOfFire(ClusterJobs.LATE, fire);
      } finally {
        Nodes.signal(node2, "CONT");
      }
      if (onNode1 == null || !onNode1.node().equals("node1")) {
        // node2 took the fire before the pause began (a stalled test): try the next one.
        System.out.println("attempt " + attempt + " inconclusive: " + onNode1);
        continue;
      }
      // node2 wakes up with the fire overdue; its timer fires for it, late: refused, or (without
      // the guard) run a second time.
      Instant nextFire = fire.plus(ClusterJobs.PERIOD);
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      boolean refused = Nodes.alreadyRanOn("node2", ClusterJobs.LATE, fire);
      List<Run> runsOfFire = executions().runsOfFires(ClusterJobs.LATE, fire, nextFire);
      boolean passedOver = false;
      while (!refused && runsOfFire.size() < 2 && !passedOver && System.nanoTime() < deadline) {
        Thread.sleep(200);
        refused = Nodes.alreadyRanOn("node2", ClusterJobs.LATE, fire);
        runsOfFire = executions().runsOfFires(ClusterJobs.LATE, fire, nextFire);
        passedOver = Nodes.passedOver("node2", ClusterJobs.LATE, fire);
      }
      assertEquals(List.of(onNode1), runsOfFire, "fire " + fire + " ran once, on node1");
      if (passedOver && !refused) {
        // The server dropped the late call rather than making it: nothing to refuse this time.
        System.out.println("attempt " + attempt + " inconclusive: node2 passed over " + fire);
        continue;
      }
      assertTrue(refused, "node2 was refused fire " + fire + " as already ran by " + onNode1);
      return;
    }
    fail(
        "node2 took every fire before it could be paused, or its server passed over each late one");
  }

  @Test
  @Order(4)
  public void whenTheNodeHoldingTheLockDiesTheOtherTakesOverWithinLockAtMostFor() throws Exception {
    ProcessHandle node2 = Nodes.serverProcess("node2");
    Optional<Observation> won = observeRunInProgress(Optional.of("node2"), RACE);
    if (won.isEmpty()) {
      // node1 won every race. A server that runs a timer's missed fires as soon as a run ends
      // (Open Liberty) fires them after the lease is over on a loaded machine, and so takes the
      // lock again before node2's next fire, every time. Leave node2 alone with the job; node1
      // comes back once node2 is dead, and the takeover is timed from then.
      System.out.println(
          "node1 won every race for " + ClusterJobs.TAKEOVER + " for " + RACE + ": undeploying it");
      deployer.undeploy("app-node1");
    }
    Observation seen = won.isPresent() ? won.get() : awaitRunInProgress(Optional.of("node2"));
    Run crashed = seen.run();
    LockView held = seen.lock();
    assertTrue(
        held.holder().startsWith("node2") && held.heldNow(), "node2 holds the lock: " + held);
    node2.destroyForcibly();
    node2.onExit().get(60, TimeUnit.SECONDS);
    Instant killedAt = Instant.now();
    // From when node1 races for the lock again: at once, unless it was taken out of the race.
    Instant node1Racing = killedAt;
    if (won.isEmpty()) {
      deployer.deploy("app-node1");
      node1Racing = Instant.now();
    }

    // Watch the store until it names node1: the first holder seen is node1's first acquisition
    // after the kill, unless this test stalled for a whole 4 s run.
    LockView taken = null;
    long deadline =
        System.nanoTime() + ClusterJobs.TAKEOVER_LOCK_AT_MOST_FOR.plusSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      LockView view = lock(ClusterJobs.TAKEOVER);
      if (view.holder().startsWith("node1")) {
        taken = view;
        break;
      }
      Thread.sleep(50);
    }
    assertNotNull(taken, "node1 never took the lock after node2 was killed at " + killedAt);
    Run takeover = null;
    deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (takeover == null && System.nanoTime() < deadline) {
      takeover =
          executions()
              .runs(ClusterJobs.TAKEOVER, crashed.started(), Instant.now().plusSeconds(60))
              .stream()
              .filter(r -> r.node().equals("node1") && r.started().isAfter(crashed.started()))
              .findFirst()
              .orElse(null);
      Thread.sleep(200);
    }
    assertNotNull(takeover, "node1 took the lock but never ran the job: " + taken);

    Instant expiry = held.expiresAt().minus(clockTolerance());
    assertTrue(
        !takeover.started().isBefore(expiry),
        "node1 ran only after node2's lock had expired: " + held + " then " + takeover);
    assertTrue(
        !taken.takenAt().orElse(takeover.started()).isBefore(expiry),
        "node1 took the lock only after node2's had expired: " + held + " then " + taken);
    // node1's timer fires every second; its first fire after the expiry takes the lock. Half of
    // lockAtMostFor leaves that fire all the time a loaded machine may need, and still tells a
    // takeover at expiry from a lock held past it.
    Duration bound = ClusterJobs.TAKEOVER_LOCK_AT_MOST_FOR.dividedBy(2);
    Instant free = node1Racing.isAfter(held.expiresAt()) ? node1Racing : held.expiresAt();
    assertTrue(
        Duration.between(free, takeover.started()).compareTo(bound) <= 0,
        "node1 took over within "
            + bound.toSeconds()
            + " s after lockAtMostFor ("
            + ClusterJobs.TAKEOVER_LOCK_AT_MOST_FOR.toSeconds()
            + " s) had passed and node1 was racing for it (from "
            + node1Racing
            + "): "
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
    } catch (Exception e) {
      // Arquillian rethrows an adapter's LifecycleException as it is, though it is checked: Open
      // Liberty's adapter reports that it cannot reach the killed server over JMX.
      System.out.println("node2 was killed; stopping it reported: " + e);
    }
  }

  private void assertNeverEnded(Run crashed) throws SQLException {
    assertEquals(
        null,
        executions().run(crashed.id()).orElseThrow().ended(),
        "the killed run never ended: " + crashed);
  }

  /**
   * No run started while another one's lock held. A run that outlasts its lockAtMostFor is no
   * longer protected, by design (a loaded machine can stretch a 4 s run past 12 s): the next run
   * may start before it ends once its lock has expired. The lock was taken at its fire or later, so
   * it held at least until the fire plus lockAtMostFor; a run started before that, while the
   * earlier one was still running, is two runs under one lock.
   */
  static void assertNoOverlap(List<Run> runs, Duration lockAtMostFor) {
    for (int i = 1; i < runs.size(); i++) {
      Run before = runs.get(i - 1);
      Run after = runs.get(i);
      assertNotNull(before.ended(), "a run that never ended: " + before);
      boolean leaseOver = !after.started().isBefore(before.fire().plus(lockAtMostFor));
      assertTrue(
          leaseOver || !after.started().isBefore(before.ended()),
          "two runs at the same time, the first one's lock still held: "
              + before
              + " and "
              + after);
    }
  }

  /** Every run ended, and every fire ran or fell while a run was in progress. */
  private static boolean allRanAndEnded(List<Instant> fires, List<Run> runs) {
    Set<Instant> ran = runs.stream().map(Run::fire).collect(Collectors.toSet());
    return runs.stream().allMatch(r -> r.ended() != null)
        && fires.stream().allMatch(f -> ran.contains(f) || inProgressDuringSlot(f, runs));
  }

  /** Whether a run of another fire was in progress at some time of this fire's slot. */
  private static boolean inProgressDuringSlot(Instant fire, List<Run> runs) {
    Instant nextFire = fire.plus(ClusterJobs.PERIOD);
    return runs.stream()
        .anyMatch(
            r ->
                r.ended() != null
                    && r.started().isBefore(nextFire)
                    && r.ended().isAfter(fire)
                    && !r.fire().equals(fire));
  }

  /**
   * The first fire of a schedule every {@code every} (a whole number of seconds) at or after an
   * instant.
   */
  static Instant firstFireFrom(Instant instant, Duration every) {
    long period = every.toSeconds();
    long second = instant.getEpochSecond() + (instant.getNano() > 0 ? 1 : 0);
    return Instant.ofEpochSecond((second + period - 1) / period * period);
  }

  /** A run of {@link ClusterJobs#TAKEOVER} and its lock, read while the run was in progress. */
  record Observation(Run run, LockView lock) {}

  /**
   * Reads the lock while a freshly started run holds it. A read counts only if the same run is
   * still in progress after it; otherwise the run may have ended, and released the lock, before the
   * read: the next fresh run is tried.
   */
  private Observation awaitRunInProgress(Optional<String> onNode) throws Exception {
    return observeRunInProgress(onNode, PATIENCE)
        .orElseThrow(
            () ->
                new AssertionError(
                    "no read of the lock while a fresh run of "
                        + ClusterJobs.TAKEOVER
                        + " was in progress"
                        + onNode.map(n -> " on " + n).orElse("")));
  }

  /** As {@link #awaitRunInProgress}, giving up after a while: empty if no run could be read. */
  private Optional<Observation> observeRunInProgress(Optional<String> onNode, Duration patience)
      throws Exception {
    // Which node wins each race for the lock is up to the timers: give it a few rounds.
    long deadline = System.nanoTime() + patience.toNanos();
    while (System.nanoTime() < deadline) {
      Instant now = Instant.now();
      for (Run run :
          executions().runs(ClusterJobs.TAKEOVER, now.minus(FRESH), now.plusSeconds(60))) {
        if (run.ended() == null && onNode.map(run.node()::equals).orElse(true)) {
          LockView lock = lock(ClusterJobs.TAKEOVER);
          if (executions().inProgress(run.id())) {
            return Optional.of(new Observation(run, lock));
          }
        }
      }
      Thread.sleep(100);
    }
    return Optional.empty();
  }

  private ExecutionsTable executions() {
    return new ExecutionsTable(database());
  }
}
