package org.timerlock.servertests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
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
import org.timerlock.teststores.IsolatedDatabase;

/**
 * An operator's tools on two server nodes sharing a PostgreSQL lock table with a run history: a
 * pause made on one node stops the job on the other, a run now runs once where it was asked without
 * using up a slot, a node undeployed during a run lets the run end and release before it goes, and
 * a slot both nodes were down for is caught up once.
 *
 * <p>The nodes and the system properties are those {@link TwoNodeTests} describes. What ran is read
 * from the store's history ({@link OperationsProbe#history}), through a node that has the
 * application. The tests run in order: the first starts node2 and deploys on both nodes, the third
 * leaves nothing deployed but node2 running, for the fourth (a server boot saved), and the fourth
 * leaves nothing deployed and node2 stopped. (Arquillian stops node2 at the end of the class
 * anyway, should the fourth not run.)
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class OperationsTests {

  private static final IsolatedDatabase DB = ExecutionsTable.create(OperationsTests.class);

  private static final Duration DEADLINE = Duration.ofSeconds(60);

  /** What the tests deployed, for reading through a node that has the application. */
  private static final Set<String> DEPLOYED = new LinkedHashSet<>();

  private static boolean node2Started;

  @ArquillianResource ContainerController controller;
  @ArquillianResource Deployer deployer;

  /** A record of the history as the probe gives it. */
  private record Entry(Instant fire, String node, String outcome, String kind) {

    static Entry of(Object json) {
      Map<?, ?> map = (Map<?, ?>) json;
      Object fire = map.get("fire");
      return new Entry(
          fire == null ? null : Instant.parse((String) fire),
          (String) map.get("node"),
          (String) map.get("outcome"),
          (String) map.get("kind"));
    }

    /** A run, not a slot reported missed. */
    boolean ran() {
      return !"MISSED".equals(outcome);
    }
  }

  @Deployment(name = "ops-node1", managed = false, testable = false)
  @TargetsContainer("node1")
  static WebArchive onNode1() {
    return app();
  }

  @Deployment(name = "ops-node2", managed = false, testable = false)
  @TargetsContainer("node2")
  static WebArchive onNode2() {
    return app();
  }

  private static WebArchive app() {
    return TwoNodeTests.recordingApp(
            DB,
            "timerlock.jdbc.datasource=" + Recorder.DATASOURCE,
            "timerlock.history.enabled=true",
            // The watch finds the slot missed within seconds: on JDBC it is what catches it up
            // when the nodes deployed before their provider had looked at its table.
            "timerlock.watch.interval=2s",
            "timerlock.lock.\"" + OperatedJobs.CAUGHT_UP + "\".grace=4s",
            "timerlock.lock.\"" + OperatedJobs.CAUGHT_UP + "\".catch-up-within=1m")
        .addClasses(OperatedJobs.class, OperationsProbe.class, OperationsProbe.Entry.class);
  }

  @Test
  @Order(1)
  public void aPauseOnOneNodeStopsTheJobOnBothUntilResumed() throws Exception {
    startNode2();
    deploy("node1");
    deploy("node2");
    String steady = OperatedJobs.STEADY;
    until("a first run of " + steady, () -> !runs(steady, e -> true).isEmpty());

    assertEquals("paused", Nodes.post("node1", "api/operations/pause/" + steady));
    Instant paused = Instant.now();
    // Every slot after the pause is refused by the store, on both nodes: three slots pass.
    Instant watchedUntil = paused.plus(OperatedJobs.STEADY_PERIOD.multipliedBy(3));
    until("three slots to pass after the pause", () -> Instant.now().isAfter(watchedUntil));
    assertEquals(
        List.of(),
        runs(steady, e -> e.fire() != null && e.fire().isAfter(paused)),
        "runs of " + steady + " for slots after the pause at " + paused);

    assertEquals("true", Nodes.post("node2", "api/operations/resume/" + steady));
    Instant resumed = Instant.now();
    until(
        "a run of " + steady + " for a slot after the resume at " + resumed,
        () -> !runs(steady, e -> e.fire() != null && e.fire().isAfter(resumed)).isEmpty());
  }

  @Test
  @Order(2)
  public void aRunNowRunsOnceOnTheAskedNodeAsManualWithoutUsingASlot() throws Exception {
    String steady = OperatedJobs.STEADY;
    Instant asked = Instant.now();
    // A scheduled run holds the lock a few milliseconds of every 5 s: ask again if it did.
    String outcome =
        awaitValue(
            "a run now of " + steady + " on node2 that is not refused as held elsewhere",
            () -> {
              String answer = Nodes.post("node2", "api/operations/run-now/" + steady);
              return "HELD_ELSEWHERE".equals(answer) ? null : answer;
            });
    assertEquals("STARTED", outcome, "run now of " + steady + " on node2");
    Instant nextSlot = slotAfter(Instant.now(), OperatedJobs.STEADY_PERIOD);
    List<Entry> manual =
        awaitValue(
            "the manual run in the history of " + steady,
            () -> nonEmpty(runs(steady, e -> "MANUAL".equals(e.kind()))));
    assertEquals(1, manual.size(), "manual runs of " + steady + ": " + manual);
    assertEquals("node2", manual.get(0).node(), "the node of the manual run: " + manual);
    assertEquals(null, manual.get(0).fire(), "a manual run names no slot: " + manual);
    // The slot after the run now is run as scheduled: the run now did not take it.
    until(
        "the scheduled run of the slot " + nextSlot + " after the run now at " + asked,
        () ->
            !runs(steady, e -> nextSlot.equals(e.fire()) && "SCHEDULED".equals(e.kind()))
                .isEmpty());
  }

  @Test
  @Order(3)
  public void aNodeUndeployedDuringARunLetsItEndAndTheOtherNodeRunsTheNextSlot() throws Exception {
    try {
      undeployTheHolderDuringARun();
    } finally {
      undeployAll();
    }
  }

  private void undeployTheHolderDuringARun() throws Exception {
    String slow = OperatedJobs.SLOW;
    // A run that has just started: the undeployment comes while it runs.
    String[] holderAndFire =
        awaitValue(
            "a run of " + slow + " in its first second",
            () -> {
              String[] held = heldWithFire(slow);
              return held != null && Instant.now().isBefore(Instant.parse(held[1]).plusSeconds(1))
                  ? held
                  : null;
            });
    String holder = holderAndFire[0];
    String other = holder.equals("node1") ? "node2" : "node1";
    Instant fire = Instant.parse(holderAndFire[1]);

    undeploy(holder);

    Instant next = fire.plus(OperatedJobs.SLOW_PERIOD);
    List<Entry> ended =
        awaitValue(
            "the run of " + fire + " recorded as ended",
            () -> nonEmpty(runs(slow, e -> fire.equals(e.fire()))));
    assertEquals(
        List.of(new Entry(fire, holder, "SUCCEEDED", "SCHEDULED")),
        ended,
        "the run under way when " + holder + " was undeployed");
    List<Entry> taken =
        awaitValue(
            "a run of the next slot " + next + " (the lease would last 5 minutes)",
            () -> nonEmpty(runs(slow, e -> next.equals(e.fire()))));
    assertEquals(
        List.of(new Entry(next, other, "SUCCEEDED", "SCHEDULED")),
        taken,
        "the next slot, run on the node that stayed");
  }

  /**
   * Both nodes down across a slot: when they come back, the slot runs once, as a catch-up. On JDBC
   * the nodes deploy before their provider has looked at its table, so the missed-fire watch's
   * first check catches the slot up, not the deployment.
   */
  @Test
  @Order(4)
  public void aSlotBothNodesWereDownForIsCaughtUpOnce() throws Exception {
    String caughtUp = OperatedJobs.CAUGHT_UP;
    try {
      startNode2();
      deploy("node1");
      deploy("node2");
      // Right after a slot ran, the application leaves both nodes for the next slot.
      Instant now = Instant.now();
      Entry ranBefore =
          awaitValue(
              "a scheduled run of " + caughtUp + " after " + now,
              () ->
                  runs(
                          caughtUp,
                          e ->
                              e.fire() != null
                                  && e.fire().isAfter(now)
                                  && "SCHEDULED".equals(e.kind()))
                      .stream()
                      .findFirst()
                      .orElse(null));
      undeploy("node1");
      undeploy("node2");
      Instant missed = ranBefore.fire().plus(OperatedJobs.CAUGHT_UP_PERIOD);
      until(
          "the slot " + missed + " to pass with the application on no node",
          () -> Instant.now().isAfter(missed.plusMillis(500)));
      deploy("node1");
      deploy("node2");

      Instant following = missed.plus(OperatedJobs.CAUGHT_UP_PERIOD);
      until(
          "a run of the slot after, " + following,
          () -> !runs(caughtUp, e -> following.equals(e.fire())).isEmpty());
      assertEquals(
          1,
          runs(caughtUp, e -> missed.equals(e.fire())).size(),
          "runs of the slot " + missed + ": " + runs(caughtUp, e -> true));
      Entry run = runs(caughtUp, e -> missed.equals(e.fire())).get(0);
      assertEquals("CATCH_UP", run.kind(), "the run of the missed slot: " + run);
      assertNotEquals(null, run.node(), run.toString());
    } finally {
      leaveNothingBehind();
    }
  }

  /** Starts node2, unless an earlier test of the class left it running. */
  private void startNode2() {
    if (!node2Started) {
      controller.start("node2");
      node2Started = true;
    }
  }

  /** Undeploys what the tests deployed and stops node2. */
  private void leaveNothingBehind() {
    undeployAll();
    if (node2Started) {
      node2Started = false;
      controller.stop("node2");
    }
  }

  private void undeployAll() {
    for (String node : List.copyOf(DEPLOYED)) {
      undeploy(node);
    }
  }

  private void deploy(String node) {
    deployer.deploy("ops-" + node);
    DEPLOYED.add(node);
  }

  private void undeploy(String node) {
    DEPLOYED.remove(node);
    deployer.undeploy("ops-" + node);
  }

  /** The runs of a lock the history holds that match, newest first, read through a live node. */
  private static List<Entry> runs(String lock, Predicate<Entry> matching) throws Exception {
    String node = DEPLOYED.stream().findFirst().orElseThrow();
    List<Entry> runs = new ArrayList<>();
    for (Object json :
        (List<?>) JsonReader.parse(Nodes.get(node, "api/operations/history/" + lock))) {
      Entry entry = Entry.of(json);
      if (entry.ran() && matching.test(entry)) {
        runs.add(entry);
      }
    }
    return runs;
  }

  /**
   * Whether a lock is held now, read from the store's table by the test's own connection.
   *
   * @return the holding node and the slot it took (ISO-8601); null when the lock is not held
   */
  private static String[] heldWithFire(String lock) throws Exception {
    try (Connection c = DB.connect();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT locked_by, last_fire FROM shedlock WHERE name = ?"
                    + " AND lock_until > timezone('UTC', statement_timestamp())")) {
      s.setString(1, lock);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          return null;
        }
        // The owner is <node id>/<suffix>; the fire is in epoch milliseconds.
        String owner = r.getString(1);
        long fire = r.getLong(2);
        return r.wasNull()
            ? null
            : new String[] {
              owner.substring(0, owner.indexOf('/')), Instant.ofEpochMilli(fire).toString()
            };
      }
    }
  }

  /** The first slot of a period that divides a minute strictly after an instant. */
  private static Instant slotAfter(Instant instant, Duration period) {
    long millis = period.toMillis();
    return Instant.ofEpochMilli((instant.toEpochMilli() / millis + 1) * millis);
  }

  private static <T> List<T> nonEmpty(List<T> list) {
    return list.isEmpty() ? null : list;
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
