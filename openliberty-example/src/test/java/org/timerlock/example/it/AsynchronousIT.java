package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.enterprise.inject.spi.CDI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javax.naming.InitialContext;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.jdbc.JdbcLockProvider;
import org.timerlock.servertests.Probe;
import org.timerlock.servertests.Runs;

/**
 * A Jakarta Concurrency {@code @Asynchronous} method under a lock, on Liberty's executor (the other
 * servers' tests have no such job): the Liberty example with a probe, on node1 and its default
 * datasource. The test runs inside the server and reads the lock table through connections of its
 * own.
 */
@ExtendWith(ArquillianExtension.class)
class AsynchronousIT {

  @Deployment
  @TargetsContainer("node1")
  static WebArchive deployment() {
    return LibertyDeployments.libertyApp("asynchronous")
        .addClasses(
            AsynchronousIT.class,
            Probe.class,
            Runs.class,
            Runs.Run.class,
            ProbeEvents.class,
            ProbeEvents.Event.class,
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
  void takesTheLockOnTheThreadThatRunsTheMethodAndSkipsWhileHeldElsewhere() throws Exception {
    AsyncProbe probe = CDI.current().select(AsyncProbe.class).get();
    String caller = Thread.currentThread().getName();

    CompletableFuture<String> running = probe.work(3000);
    LockRow during = rowWhileRunning();
    assertTrue(during.lockedBy().startsWith("node1"), "committed while running: " + during);
    assertEquals(60_000, during.heldMillis(), "held for lockAtMostFor while running: " + during);
    // Asynchronous.Result.complete(...) completes the caller's future inside the method, before
    // the interceptor around it releases the lock: wait for the release itself.
    String thread = running.get(10, TimeUnit.SECONDS);
    await("the release", () -> ProbeEvents.count(AsyncProbe.LOCK, Kind.RELEASED) == 1);
    LockRow released = lockRow();
    assertTrue(
        released.heldMillis() < 30_000,
        "released when the run ended, not kept to lockAtMostFor (1m): " + released);

    assertTrue(Runs.of(AsyncProbe.LOCK).get(0).lockAsserted(), "LockAssert passes inside");
    assertNotEquals(caller, thread, "the body runs on an executor thread");
    assertEquals(
        List.of(
            new ProbeEvents.Event(Kind.ACQUIRED, thread),
            new ProbeEvents.Event(Kind.RELEASED, thread)),
        ProbeEvents.of(AsyncProbe.LOCK),
        "the lock is taken and released inside @Asynchronous, on the thread of the run");

    // Another node holds the lock: a call is skipped, its future completes with null.
    try (JdbcLockProvider otherNode =
        JdbcLockProvider.builder().dataSource(dataSource()).nodeId("other-node").build()) {
      SimpleLock held =
          otherNode
              .lock(new LockConfiguration(AsyncProbe.LOCK, Duration.ofSeconds(30), Duration.ZERO))
              .orElseThrow(() -> new AssertionError("the free lock could not be taken"));
      assertNull(probe.work(100).get(10, TimeUnit.SECONDS), "skipped while held elsewhere");
      assertEquals(1, Runs.of(AsyncProbe.LOCK).size(), "the skipped call did not run");
      List<ProbeEvents.Event> events = ProbeEvents.of(AsyncProbe.LOCK);
      assertEquals(Kind.SKIPPED, events.get(events.size() - 1).kind());
      held.unlock();
    }
    assertNotNull(probe.work(100).get(10, TimeUnit.SECONDS), "runs again once released");
    await("the second release", () -> ProbeEvents.count(AsyncProbe.LOCK, Kind.RELEASED) == 2);
    assertEquals(2, Runs.of(AsyncProbe.LOCK).size());
  }

  /**
   * Reads the row while the run is in progress. A read is kept only if the run is still in progress
   * after it, so the row is that run's acquisition and not the release that follows.
   */
  private static LockRow rowWhileRunning() throws Exception {
    await("the run in progress", () -> Runs.running(AsyncProbe.LOCK));
    LockRow row = lockRow();
    if (!Runs.running(AsyncProbe.LOCK) || !Runs.of(AsyncProbe.LOCK).isEmpty()) {
      fail("the run of 3 s ended before its row could be read: " + row);
    }
    return row;
  }

  private static DataSource dataSource() throws Exception {
    return (DataSource) new InitialContext().lookup("java:comp/DefaultDataSource");
  }

  private static LockRow lockRow() throws Exception {
    try (Connection c = dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT locked_at, lock_until, locked_by FROM shedlock WHERE name = ?")) {
      s.setString(1, AsyncProbe.LOCK);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          fail("no row for " + AsyncProbe.LOCK + " in shedlock");
        }
        return new LockRow(r.getTimestamp(1), r.getTimestamp(2), r.getString(3));
      }
    }
  }

  private static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        fail("timed out after 20 s waiting for: " + what);
      }
      Thread.sleep(50);
    }
  }
}
