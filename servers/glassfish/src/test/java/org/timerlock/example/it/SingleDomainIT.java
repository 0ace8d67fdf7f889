package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.example.DigestMailer;
import org.timerlock.example.NightlyReport;
import org.timerlock.jdbc.JdbcLockProvider;
import org.timerlock.teststores.IsolatedDatabase;

/**
 * The example application on one GlassFish domain, its locks in PostgreSQL through the JDBC
 * resource {@code jdbc/locks}: the EJB timer and the Concurrency 3.1 {@code @Asynchronous(runAt)}
 * method each run under their lock, and skip their fires while the test, as another node with a
 * provider of its own on the same table, holds the lock.
 */
@ExtendWith(Servers.class)
class SingleDomainIT {

  private static final String APP = "single";

  /** Both jobs fire every 2 s: a run, its skips and the run after them fit in this easily. */
  private static final Duration WAIT = Duration.ofSeconds(90);

  private static GlassFishDomain node;
  private static Audit audit;
  private static Instant deployed;

  @BeforeAll
  static void deploy() {
    node = Servers.node(1);
    audit = new Audit(Servers.database());
    deployed = Instant.now();
    GlassFishDomain.Result result = node.deploy(Deployments.exampleApp(), APP);
    assertTrue(result.succeeded(), "the example deploys: " + result.output());
  }

  @AfterAll
  static void undeploy() {
    if (node != null) {
      node.undeploy(APP);
    }
  }

  @Test
  void ejbTimerRunsUnderTheLockInItsTransactionOncePerFire() throws Exception {
    List<Audit.Run> runs = awaitEndedRuns(NightlyReport.LOCK, 3);
    for (Audit.Run run : runs) {
      assertEquals("gf1", run.node(), "timerlock.node-id from create-system-properties: " + run);
      assertTrue(run.locked(), "LockAssert.assertLocked() passes inside the timer: " + run);
      assertTrue(run.inTransaction(), "the timer runs in its container transaction: " + run);
      assertSlotOfTwoSeconds(run);
      assertAcquiredOnTheThreadOfTheRun(run);
    }
    assertEquals(
        runs.size(),
        runs.stream().map(Audit.Run::fire).distinct().count(),
        "one run per fire: " + runs);
    Audit.LockRow row = observeLockWhileRunning(NightlyReport.LOCK);
    assertTrue(row.lockedBy().startsWith("gf1/"), "committed while the timer runs: " + row);
  }

  @Test
  void scheduledAsynchronousMethodRunsUnderTheLockOnTheExecutorThreadAtEveryFire()
      throws Exception {
    List<Audit.Run> runs = awaitEndedRuns(DigestMailer.LOCK, 3);
    for (Audit.Run run : runs) {
      assertTrue(run.locked(), "LockAssert.assertLocked() passes inside the method: " + run);
      assertTrue(
          run.thread().contains("__defaultManagedScheduledExecutorService"),
          "runAt runs the method on the default managed scheduled executor: " + run);
      assertSlotOfTwoSeconds(run);
      assertAcquiredOnTheThreadOfTheRun(run);
    }
    Audit.LockRow row = observeLockWhileRunning(DigestMailer.LOCK);
    assertTrue(row.lockedBy().startsWith("gf1/"), "committed while the method runs: " + row);
  }

  @Test
  void timerFiresAreSkippedWhileAnotherNodeHoldsTheLockAndRunAgainAfterwards() throws Exception {
    skippedWhileHeldElsewhere(NightlyReport.LOCK);
  }

  @Test
  void scheduledMethodFiresAreSkippedWhileAnotherNodeHoldsTheLockAndTheScheduleGoesOn()
      throws Exception {
    skippedWhileHeldElsewhere(DigestMailer.LOCK);
  }

  private static void skippedWhileHeldElsewhere(String lock) throws Exception {
    awaitEndedRuns(lock, 1);
    try (JdbcLockProvider otherNode =
        JdbcLockProvider.builder().dataSource(dataSource()).nodeId("test-node").build()) {
      LockConfiguration config = new LockConfiguration(lock, Duration.ofMinutes(2), Duration.ZERO);
      Optional<SimpleLock> held = Optional.empty();
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (held.isEmpty() && System.nanoTime() < deadline) {
        held = otherNode.lock(config);
        Thread.sleep(50);
      }
      assertTrue(held.isPresent(), "the test took " + lock + " between two runs");
      // Any run that took the lock before the test did has released it: a run starting from
      // here on would be a run beside the test's lock.
      Instant heldFrom = Instant.now();
      Audit.await(
          "two fires of " + lock + " skipped by gf1",
          WAIT,
          () -> audit.events(lock, "SKIPPED", heldFrom).size() >= 2);
      assertEquals(List.of(), audit.runs(lock, heldFrom), "no run while the test held " + lock);
      Audit.LockRow row = audit.lockRow(lock);
      assertTrue(row.lockedBy().startsWith("test-node/"), "the row names the test: " + row);
      held.get().unlock();
    }
    Instant released = Instant.now();
    Audit.await(
        "a run of " + lock + " after the test let go",
        WAIT,
        () -> !audit.runs(lock, released).isEmpty());
  }

  /** Waits for runs that started after the deployment and have ended. */
  private static List<Audit.Run> awaitEndedRuns(String job, int count) throws Exception {
    try {
      Audit.await(
          count + " ended runs of " + job,
          WAIT,
          () -> audit.runs(job, deployed).stream().filter(r -> r.ended() != null).count() >= count);
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + serverLogAbout(node.serverLog()), e);
    }
    return audit.runs(job, deployed).stream().filter(r -> r.ended() != null).toList();
  }

  private static void assertSlotOfTwoSeconds(Audit.Run run) {
    assertTrue(
        run.fire() != null && run.fire().getNano() == 0 && run.fire().getEpochSecond() % 2 == 0,
        "the run names its fire, a slot of its 2-second schedule: " + run);
  }

  private static void assertAcquiredOnTheThreadOfTheRun(Audit.Run run) throws Exception {
    List<Audit.Event> acquired =
        audit.events(run.job(), "ACQUIRED", deployed).stream()
            .filter(e -> run.fire().equals(e.fire()))
            .toList();
    assertEquals(1, acquired.size(), "one acquisition for the fire of " + run + ": " + acquired);
    assertEquals(
        run.thread(), acquired.get(0).thread(), "the lock is taken on the thread of the run");
  }

  /**
   * Reads the lock row while a run is in progress; a read counts only if the same run has still not
   * ended after it, so that the row is that run's acquisition and not its release.
   */
  private static Audit.LockRow observeLockWhileRunning(String job) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      Optional<Audit.Run> running =
          audit.runs(job, deployed).stream().filter(r -> r.ended() == null).findFirst();
      if (running.isPresent()) {
        Audit.LockRow row = audit.lockRow(job);
        boolean stillRunning =
            audit.runs(job, running.get().started()).stream()
                .anyMatch(r -> r.id() == running.get().id() && r.ended() == null);
        if (stillRunning) {
          return row;
        }
      }
      Thread.sleep(20);
    }
    return fail("no read of the " + job + " lock row while a run was in progress");
  }

  private static PGSimpleDataSource dataSource() {
    IsolatedDatabase db = Servers.database();
    PGSimpleDataSource dataSource = new PGSimpleDataSource();
    dataSource.setURL(db.url());
    dataSource.setUser(db.user());
    dataSource.setPassword(db.password());
    return dataSource;
  }

  /** What the (buffered) server log says of TimerLock and CDI failures so far, for a message. */
  static String serverLogAbout(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      String relevant =
          lines.stream()
              .filter(
                  l ->
                      l.contains("WELD-0015")
                          || l.contains("TimerLock")
                          || l.contains("TIMERLOCK-"))
              .limit(10)
              .collect(Collectors.joining("\n"));
      return relevant.isEmpty() ? "" : "\nserver.log:\n" + relevant;
    } catch (IOException e) {
      return "\n(server.log unreadable: " + e + ")";
    }
  }
}
