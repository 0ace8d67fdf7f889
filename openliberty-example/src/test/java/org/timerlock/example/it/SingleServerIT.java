package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.enterprise.inject.spi.CDI;
import jakarta.transaction.Status;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javax.naming.InitialContext;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.jdbc.JdbcLockProvider;

/**
 * One Open Liberty server with the example's default store: the table {@code shedlock} in {@code
 * java:comp/DefaultDataSource}, an in-memory H2 database defined in server.xml. The tests run
 * inside the server and read the table through connections of their own, outside the jobs'
 * transactions.
 */
@ExtendWith(ArquillianExtension.class)
class SingleServerIT {

  @Deployment
  static WebArchive deployment() {
    return Deployments.exampleApp(
            "single-server", "timerlock.lock.\"probe-mses\".lock-at-most-for=1m")
        .addClasses(
            SingleServerIT.class,
            Deployments.class,
            Probes.class,
            Probes.Run.class,
            Probes.Event.class,
            TimeoutProbe.class,
            MsesProbe.class,
            AsyncProbe.class,
            LockRow.class);
  }

  /** A row of the lock table. */
  record LockRow(Timestamp lockedAt, Timestamp lockUntil, String lockedBy) {
    long heldMillis() {
      return lockUntil.getTime() - lockedAt.getTime();
    }
  }

  @Test
  void timerCallbackTakesTheLockCommitsItAndReleasesIt() throws Exception {
    checkTakenCommittedAndReleased(TimeoutProbe.LOCK);
    for (Probes.Run run : Probes.runs(TimeoutProbe.LOCK)) {
      assertEquals(
          Status.STATUS_ACTIVE,
          run.transactionStatus(),
          "the @Schedule method runs in its container-managed transaction");
    }
  }

  @Test
  void executorTaskTakesTheLockCommitsItAndReleasesIt() throws Exception {
    checkTakenCommittedAndReleased(MsesProbe.LOCK);
  }

  @Test
  void asynchronousMethodTakesTheLockOnTheThreadThatRunsItAndSkipsWhileHeldElsewhere()
      throws Exception {
    AsyncProbe probe = CDI.current().select(AsyncProbe.class).get();
    String caller = Thread.currentThread().getName();

    var running = probe.work(1500);
    LockRow during = observeRunInProgress(AsyncProbe.LOCK).row();
    assertTrue(during.lockedBy().startsWith("liberty1"), "committed while running: " + during);
    assertEquals(60_000, during.heldMillis(), "held for lockAtMostFor while running: " + during);
    // Asynchronous.Result.complete(...) completes the caller's future inside the method, before
    // the interceptor around it releases the lock: wait for the release itself.
    assertEquals("ran", running.get(10, TimeUnit.SECONDS));
    await("the release", () -> count(AsyncProbe.LOCK, Kind.RELEASED) == 1);
    LockRow released = lockRow(AsyncProbe.LOCK);
    assertTrue(
        released.heldMillis() < 30_000,
        "released when the run ended, not kept to lockAtMostFor (1m): " + released);

    Probes.Run run = Probes.runs(AsyncProbe.LOCK).get(0);
    assertTrue(run.lockAsserted(), "LockAssert.assertLocked() passes inside the method");
    assertNotEquals(caller, run.thread(), "the body runs on an executor thread");
    List<Probes.Event> events = Probes.events(AsyncProbe.LOCK);
    assertEquals(
        List.of(
            new Probes.Event(Kind.ACQUIRED, run.thread()),
            new Probes.Event(Kind.RELEASED, run.thread())),
        events,
        "the lock is taken and released inside @Asynchronous, on the thread of the run");

    // Another node holds the lock: a call is skipped, its future completes with null.
    try (JdbcLockProvider otherNode = otherNode()) {
      SimpleLock held =
          otherNode
              .lock(new LockConfiguration(AsyncProbe.LOCK, Duration.ofSeconds(30), Duration.ZERO))
              .orElseThrow(() -> new AssertionError("the free lock could not be taken"));
      assertNull(probe.work(100).get(10, TimeUnit.SECONDS), "skipped while held elsewhere");
      assertEquals(1, Probes.runs(AsyncProbe.LOCK).size(), "the skipped call did not run");
      assertEquals(Kind.SKIPPED, last(Probes.events(AsyncProbe.LOCK)).kind());
      held.unlock();
    }
    assertEquals("ran", probe.work(100).get(10, TimeUnit.SECONDS), "runs again once released");
    await("the second release", () -> count(AsyncProbe.LOCK, Kind.RELEASED) == 2);
    assertEquals(2, Probes.runs(AsyncProbe.LOCK).size());
  }

  @Test
  void timerFiresAreSkippedWhileAnotherNodeHoldsTheLock() throws Exception {
    await("a first timer run", () -> !Probes.runs(TimeoutProbe.LOCK).isEmpty());
    try (JdbcLockProvider otherNode = otherNode()) {
      Optional<SimpleLock> held = Optional.empty();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
      while (held.isEmpty() && System.nanoTime() < deadline) {
        held =
            otherNode.lock(
                new LockConfiguration(TimeoutProbe.LOCK, Duration.ofMinutes(1), Duration.ZERO));
        Thread.sleep(50);
      }
      assertTrue(held.isPresent(), "the other node got the lock between two runs");
      int runs = Probes.runs(TimeoutProbe.LOCK).size();
      long skips = count(TimeoutProbe.LOCK, Kind.SKIPPED);
      await("a fire skipped", () -> count(TimeoutProbe.LOCK, Kind.SKIPPED) >= skips + 2);
      assertEquals(runs, Probes.runs(TimeoutProbe.LOCK).size(), "no run while held elsewhere");
      assertTrue(lockRow(TimeoutProbe.LOCK).lockedBy().startsWith("other-node"));
      held.get().unlock();
    }
    int runs = Probes.runs(TimeoutProbe.LOCK).size();
    await("a run after the release", () -> Probes.runs(TimeoutProbe.LOCK).size() > runs);
  }

  private void checkTakenCommittedAndReleased(String lock) throws Exception {
    Observed run = observeRunInProgress(lock);
    LockRow during = run.row();
    assertTrue(
        during.lockedBy().startsWith("liberty1"),
        "locked_by names the server (server.xml variable timerlock.node-id): " + during);
    assertEquals(60_000, during.heldMillis(), "held for lockAtMostFor while running: " + during);

    // The probe notes the end of its run inside the body; the interceptor releases afterwards,
    // on the same thread, before the callback returns, and fires RELEASED once the release has
    // committed. Wait for that event, then read the row.
    await("the run of " + lock + " ends", () -> Probes.runs(lock).size() > run.runsBefore());
    await("the release after the run", () -> count(lock, Kind.RELEASED) > run.releasesBefore());
    LockRow after = lockRow(lock);
    if (after.lockedAt().equals(during.lockedAt())) {
      assertTrue(
          after.heldMillis() < 30_000,
          "released when the run ended, not kept to lockAtMostFor (1m): " + after);
    } else {
      // A later run already took the lock. Its lease had 60 s left, so only the release of this
      // run can have let the next one in this soon.
      assertTrue(
          after.lockedAt().getTime() - during.lockedAt().getTime() < 30_000,
          "taken again long after the run: the run did not release, its lease expired: " + after);
    }
    for (Probes.Run each : Probes.runs(lock)) {
      assertTrue(each.lockAsserted(), "LockAssert.assertLocked() passes inside the job");
    }
  }

  /** The lock row read while a run holds it, with the counts to tell that run's end apart. */
  private record Observed(LockRow row, int runsBefore, long releasesBefore) {}

  /**
   * Reads the row while a run is in progress. A read is kept only if the same run is still in
   * progress after it, so the row is that run's acquisition and not the release that follows.
   */
  private static Observed observeRunInProgress(String lock) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      await("a run of " + lock + " in progress", () -> Probes.running(lock));
      int runs = Probes.runs(lock).size();
      long releases = count(lock, Kind.RELEASED);
      LockRow row = lockRow(lock);
      if (Probes.running(lock)
          && Probes.runs(lock).size() == runs
          && count(lock, Kind.RELEASED) == releases) {
        return new Observed(row, runs, releases);
      }
    }
    return fail("no read of the " + lock + " row while a run held it within 20 s");
  }

  /** The test acting as a second node on the same table, with a provider of its own. */
  private static JdbcLockProvider otherNode() throws Exception {
    return JdbcLockProvider.builder().dataSource(dataSource()).nodeId("other-node").build();
  }

  private static DataSource dataSource() throws Exception {
    return (DataSource) new InitialContext().lookup("java:comp/DefaultDataSource");
  }

  private static LockRow lockRow(String lock) throws Exception {
    try (Connection c = dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT locked_at, lock_until, locked_by FROM shedlock WHERE name = ?")) {
      s.setString(1, lock);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          fail("no row for " + lock + " in shedlock");
        }
        return new LockRow(r.getTimestamp(1), r.getTimestamp(2), r.getString(3));
      }
    } catch (SQLException e) {
      throw new AssertionError("cannot read the lock table", e);
    }
  }

  private static long count(String lock, Kind kind) {
    return Probes.events(lock).stream().filter(e -> e.kind() == kind).count();
  }

  private static <T> T last(List<T> list) {
    return list.get(list.size() - 1);
  }

  static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        fail("timed out after 20 s waiting for: " + what);
      }
      Thread.sleep(50);
    }
  }
}
