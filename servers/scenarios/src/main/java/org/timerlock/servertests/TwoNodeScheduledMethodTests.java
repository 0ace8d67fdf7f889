package org.timerlock.servertests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.servertests.ExecutionsTable.Run;
import org.timerlock.teststores.IsolatedDatabase;

/**
 * Two server nodes running the jobs of {@link ScheduledMethodJob}, two {@code @Asynchronous(runAt =
 * ...)} methods and a task on an executor of virtual threads, with the lock in PostgreSQL: every
 * fire of each schedule runs on exactly one node, labelled with the fire the schedule gives; the
 * task on the executor defined with {@code virtual = true} runs on virtual threads; and every run
 * sees its own lock and fire before and after parking. For servers with Jakarta Concurrency 3.1;
 * the nodes and system properties are those {@link TwoNodeTests} describes, and a server module
 * runs the scenario with an empty subclass.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public abstract class TwoNodeScheduledMethodTests {

  private static final IsolatedDatabase DB = withRunThreads();

  /** How many fires the test checks. */
  static final int FIRES = 10;

  @ArquillianResource ContainerController controller;
  @ArquillianResource Deployer deployer;

  @Deployment(name = "scheduled-node1", managed = false, testable = false)
  @TargetsContainer("node1")
  static WebArchive onNode1() {
    return app();
  }

  @Deployment(name = "scheduled-node2", managed = false, testable = false)
  @TargetsContainer("node2")
  static WebArchive onNode2() {
    return app();
  }

  private static WebArchive app() {
    String task = "timerlock.lock.\"" + ScheduledMethodJob.VIRTUAL_TASK_LOCK + "\".";
    return TwoNodeTests.recordingApp(
            DB,
            "timerlock.jdbc.datasource=" + Recorder.DATASOURCE,
            task + "lock-at-most-for=" + ScheduledMethodJob.LOCK_AT_MOST_FOR.toSeconds() + "s",
            // As the two methods' lockAtLeastFor, for the same reason.
            task + "lock-at-least-for=1s")
        .addClasses(ScheduledMethodJob.class, RunThreads.class, RunThreads.Seen.class);
  }

  /** The executions table's schema, with the table where the runs record their threads. */
  private static IsolatedDatabase withRunThreads() {
    IsolatedDatabase db = ExecutionsTable.create(TwoNodeScheduledMethodTests.class);
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute(RunThreads.CREATE);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    return db;
  }

  @Test
  public void everyFireOfEachJobRunsOnceAcrossTheTwoNodesOnItsExecutorsThreadsUnderItsOwnLock()
      throws Exception {
    controller.start("node2");
    deployer.deploy("scheduled-node1");
    deployer.deploy("scheduled-node2");
    try {
      Duration period = ScheduledMethodJob.PERIOD;
      // FIRES fires, starting a little after both nodes have the application.
      Instant from = TwoNodeTests.firstFireFrom(Instant.now().plusSeconds(2), period);
      Instant to = from.plus(period.multipliedBy(FIRES));
      // The three jobs share the fires: each job's window is checked once all have run it.
      List<Run> onDefault = checkEveryFireRanOnce(ScheduledMethodJob.LOCK, from, to);
      List<Run> onNamed = checkEveryFireRanOnce(ScheduledMethodJob.VIRTUAL_EXECUTOR_LOCK, from, to);
      List<Run> tasks = checkEveryFireRanOnce(ScheduledMethodJob.VIRTUAL_TASK_LOCK, from, to);
      checkThreads(ScheduledMethodJob.LOCK, onDefault, false);
      checkThreads(ScheduledMethodJob.VIRTUAL_EXECUTOR_LOCK, onNamed, runAtUsesItsExecutor());
      checkThreads(ScheduledMethodJob.VIRTUAL_TASK_LOCK, tasks, true);
    } finally {
      deployer.undeploy("scheduled-node2");
      deployer.undeploy("scheduled-node1");
      controller.stop("node2");
    }
  }

  /**
   * Whether the server runs a {@code runAt} method on the executor its {@code executor} member
   * names, as Concurrency 3.1 says, rather than on its default managed scheduled executor. Where it
   * does, {@link ScheduledMethodJob#runOnTheVirtualExecutor()} runs on virtual threads; where it
   * does not, on the default executor's platform threads. Either way each run must see its own lock
   * and fire. A server module whose server ignores the member overrides this.
   *
   * @return true by default
   */
  protected boolean runAtUsesItsExecutor() {
    return true;
  }

  /** The runs of the fires in [from, to), once each fire has run and ended on some node. */
  private List<Run> checkEveryFireRanOnce(String lock, Instant from, Instant to) throws Exception {
    ExecutionsTable executions = new ExecutionsTable(DB);
    Duration period = ScheduledMethodJob.PERIOD;
    List<Instant> fires = new ArrayList<>();
    for (Instant fire = from; fire.isBefore(to); fire = fire.plus(period)) {
      fires.add(fire);
    }
    long deadline =
        System.nanoTime() + Duration.between(Instant.now(), to).plusSeconds(60).toNanos();
    List<Run> runs = executions.runsOfFires(lock, from, to);
    while (!allRanAndEnded(fires, runs) && System.nanoTime() < deadline) {
      Thread.sleep(500);
      runs = executions.runsOfFires(lock, from, to);
    }
    // A node whose executor calls late for a fire of the window would show up now.
    Thread.sleep(period.multipliedBy(2).toMillis());
    runs = executions.runsOfFires(lock, from, to);

    TwoNodeTests.assertNoOverlap(runs, ScheduledMethodJob.LOCK_AT_MOST_FOR);
    Map<Instant, Run> byFire = new TreeMap<>();
    for (Run run : runs) {
      assertTrue(
          run.fire().getNano() == 0 && run.fire().getEpochSecond() % period.toSeconds() == 0,
          "a run is labelled with a fire of the schedule: " + run);
      Run earlier = byFire.put(run.fire(), run);
      assertTrue(earlier == null, "fire " + run.fire() + " ran twice: " + earlier + " and " + run);
    }
    assertEquals(fires, List.copyOf(byFire.keySet()), "every fire ran, once; runs: " + runs);
    long onNode1 = runs.stream().filter(r -> r.node().equals("node1")).count();
    System.out.printf(
        "%s: %d fires from %s to %s, %d on node1 and %d on node2%n",
        lock, runs.size(), from, to, onNode1, runs.size() - onNode1);
    return runs;
  }

  /**
   * Checks what each run saw inside: a virtual or a platform thread as its executor gives, the same
   * thread throughout, and before and after parking its own lock and fire, which LockAssert
   * confirms. The two jobs' runs overlap on a node, so a thread that showed the other job's lock,
   * or another fire's, would fail here.
   */
  private static void checkThreads(String lock, List<Run> runs, boolean virtual)
      throws SQLException {
    Map<Long, ThreadsSeen> seen = threadsSeen(runs);
    int movedCarrier = 0;
    Set<String> threadsUsed = new HashSet<>();
    for (Run run : runs) {
      // Written before the run's end: a run that ended has its row.
      ThreadsSeen threads = seen.get(run.id());
      assertTrue(threads != null, "what the run saw is recorded: " + run);
      String where = run + " saw " + threads;
      assertEquals(virtual, threads.virtual(), "whether the run's thread is virtual: " + where);
      assertTrue(threads.sameThread(), "the run ends on the thread it started on: " + where);
      assertEquals(lock, threads.lockBefore(), "the lock held before parking: " + where);
      assertEquals(lock, threads.lockAfter(), "the lock held after parking: " + where);
      assertEquals(run.fire(), threads.fireBefore(), "the fire before parking: " + where);
      assertEquals(run.fire(), threads.fireAfter(), "the fire after parking: " + where);
      assertTrue(threads.assertedBefore() && threads.assertedAfter(), "LockAssert: " + where);
      // A virtual thread's name is followed by its carrier's: the thread alone is before the '/'.
      threadsUsed.add(run.node() + " " + threads.threadBefore().split("/")[0]);
      if (!threads.threadBefore().equals(threads.threadAfter())) {
        movedCarrier++;
      }
    }
    System.out.printf(
        "%s: %d runs on %d %s threads, %d of them on another carrier after parking; e.g. %s%n",
        lock,
        runs.size(),
        threadsUsed.size(),
        virtual ? "virtual" : "platform",
        movedCarrier,
        seen.values().stream().findFirst().map(ThreadsSeen::threadBefore).orElse("none"));
  }

  /** A row of {@link RunThreads#TABLE}. */
  private record ThreadsSeen(
      boolean virtual,
      boolean sameThread,
      String threadBefore,
      String threadAfter,
      String lockBefore,
      String lockAfter,
      Instant fireBefore,
      Instant fireAfter,
      boolean assertedBefore,
      boolean assertedAfter) {}

  private static Map<Long, ThreadsSeen> threadsSeen(List<Run> runs) throws SQLException {
    Map<Long, ThreadsSeen> seen = new HashMap<>();
    try (Connection c = DB.connect();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT execution_id, virtual, same_thread, thread_before, thread_after,"
                    + " lock_before, lock_after, fire_before, fire_after, asserted_before,"
                    + " asserted_after FROM "
                    + RunThreads.TABLE
                    + " WHERE execution_id = ANY (?)")) {
      s.setArray(1, c.createArrayOf("bigint", runs.stream().map(Run::id).toArray()));
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          seen.put(
              r.getLong(1),
              new ThreadsSeen(
                  r.getBoolean(2),
                  r.getBoolean(3),
                  r.getString(4),
                  r.getString(5),
                  r.getString(6),
                  r.getString(7),
                  instant(r.getTimestamp(8)),
                  instant(r.getTimestamp(9)),
                  r.getBoolean(10),
                  r.getBoolean(11)));
        }
      }
    }
    return seen;
  }

  private static Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }

  private static boolean allRanAndEnded(List<Instant> fires, List<Run> runs) {
    return runs.stream().allMatch(r -> r.ended() != null)
        && runs.stream().map(Run::fire).distinct().count() == fires.size();
  }
}
