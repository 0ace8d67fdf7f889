package org.timerlock.servertests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.transaction.Status;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.cdi.LockEvent;

/**
 * One node, no store configured: the example's default, the table {@code shedlock} in {@code
 * java:comp/DefaultDataSource} (the server's own H2 on WildFly and Payara). The tests run inside
 * the server and look at the table through their own connections, outside the jobs' transactions.
 *
 * <p>A server module's subclass deploys {@link #singleNodeApp()} with itself added, to its node
 * named {@code node1} (TimerLock's node id there).
 */
@ExtendWith(ArquillianExtension.class)
public abstract class SingleNodeTests {

  /**
   * The example application with the probes and this test; the subclass adds itself.
   *
   * @return the archive
   */
  protected static WebArchive singleNodeApp() {
    return Deployments.withConfig(
            Deployments.exampleApp("single-node"),
            "timerlock.lock.\"" + MsesProbe.LOCK + "\".lock-at-most-for=1m")
        .addClasses(
            SingleNodeTests.class,
            Deployments.class,
            Runs.class,
            Runs.Run.class,
            Probe.class,
            TimeoutProbe.class,
            MsesProbe.class,
            ProbeSchema.class,
            FailingJob.class,
            LockRow.class,
            LockEvents.class,
            Observed.class);
  }

  /** The server's default DataSource, where the example keeps its locks. */
  private DataSource dataSource() throws NamingException {
    return (DataSource) new InitialContext().lookup("java:comp/DefaultDataSource");
  }

  /** A row of the lock table, read from an independent connection. */
  record LockRow(Timestamp lockedAt, Timestamp lockUntil, String lockedBy) {
    long heldMillis() {
      return lockUntil.getTime() - lockedAt.getTime();
    }
  }

  @Test
  public void timeoutCallbackTakesTheLockCommitsItAndReleasesIt() throws Exception {
    checkTakenCommittedAndReleased(TimeoutProbe.LOCK);
    assertFiresOnTheGrid(TimeoutProbe.LOCK, "its @Schedule(second = \"*/4\")");
    for (Runs.Run run : Runs.of(TimeoutProbe.LOCK)) {
      assertEquals(
          Status.STATUS_ACTIVE,
          run.transactionStatus(),
          "the @Schedule method runs in its container-managed transaction");
    }
  }

  @Test
  public void managedScheduledExecutorTaskTakesTheLockAndReleasesIt() throws Exception {
    checkTakenCommittedAndReleased(MsesProbe.LOCK);
    assertFiresOnTheGrid(MsesProbe.LOCK, "LockedTasks.scheduleAtFixedRate every 4 s");
  }

  /**
   * Every run of a probe firing every 4 s named its scheduled fire: a multiple of 4 s since the
   * epoch, at most 4 s before the run started (a late fire still names its own slot), and no two
   * runs named the same fire.
   */
  private static void assertFiresOnTheGrid(String lock, String schedule) {
    List<Runs.Run> runs = Runs.of(lock);
    assertFalse(runs.isEmpty(), "no run of " + lock);
    Set<Instant> fires = new HashSet<>();
    for (Runs.Run run : runs) {
      Instant fire = run.fire();
      assertNotNull(fire, "a run of " + lock + " named no fire: " + run);
      assertTrue(
          fire.getNano() == 0 && fire.getEpochSecond() % 4 == 0,
          "the fire of " + lock + " is a slot of " + schedule + ": " + run);
      long late = Duration.between(fire, run.start()).toMillis();
      assertTrue(late >= -500 && late < 4000, "the run started in the period of its fire: " + run);
      assertTrue(fires.add(fire), "two runs of " + lock + " for one fire: " + runs);
    }
  }

  @Test
  public void aJobThatThrowsRollsBackItsWorkAndStillReleasesTheLockAfterLockAtLeastFor()
      throws Exception {
    int runsBefore = Runs.of(FailingJob.LOCK).size();
    int eventsBefore = LockEvents.of(FailingJob.LOCK).size();
    await(
        "a new run of the failing job",
        () -> Runs.of(FailingJob.LOCK).size() > runsBefore,
        Duration.ofSeconds(30));
    // The interceptor releases the lock (RELEASED) before the container rolls the transaction back;
    // the container then retries the timeout (skipped while lockAtLeastFor = 3s keeps the lock).
    // Any event after the release is fired once the failed run's transaction is over.
    await(
        "the release, and the retry or next fire after it",
        () -> eventAfterRelease(LockEvents.of(FailingJob.LOCK), eventsBefore),
        Duration.ofSeconds(30));
    try (Connection c = dataSource().getConnection();
        PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM " + ProbeSchema.TABLE);
        ResultSet r = s.executeQuery()) {
      r.next();
      assertEquals(0, r.getInt(1), "the job's write was rolled back with its transaction");
    }
    // The release records the run it ends in the same statement: read both from one row, of the
    // run that released it. lockAtLeastFor counts from the fire the run served (the store guards
    // fires), so the lock is kept until that fire + 3 s, however late the run started.
    ReleasedRun released = awaitReleasedRun(FailingJob.LOCK);
    assertEquals("FAILED", released.outcome(), "the release recorded the failure: " + released);
    Instant keptFrom = released.fire().plusMillis(3000 - 1); // timestamps are cut to milliseconds
    assertTrue(
        !released.lockUntil().isBefore(keptFrom)
            && released.lockUntil().isBefore(released.fire().plusSeconds(30)),
        "released with lockAtLeastFor = 3s from its fire after a failure, not held to"
            + " lockAtMostFor (1m): "
            + released);
    // The container retries a failed timeout: the retry names the same fire, which already ran.
    List<Instant> fires = Runs.of(FailingJob.LOCK).stream().map(Runs.Run::fire).toList();
    assertEquals(
        fires.size(),
        new HashSet<>(fires).size(),
        "no fire of the failing job ran twice, retries included: " + fires);
    assertTrue(!fires.contains(null), "every run named its fire: " + fires);
  }

  /** The lock row just after a release, with the run the release recorded. */
  record ReleasedRun(
      Instant lockedAt, Instant lockUntil, Instant runStarted, Instant fire, String outcome) {}

  /**
   * Reads the row until its current acquisition is released and is the run it records. The
   * timestamps are UTC wall times, as TimerLock writes them, whatever the session's zone.
   */
  private ReleasedRun awaitReleasedRun(String lock) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (true) {
      try (Connection c = dataSource().getConnection();
          PreparedStatement s =
              c.prepareStatement(
                  "SELECT locked_at, lock_until, last_run_started, last_run_fire, last_run_outcome"
                      + " FROM shedlock WHERE name = ?")) {
        s.setString(1, lock);
        try (ResultSet r = s.executeQuery()) {
          if (r.next() && r.getObject(3) != null) {
            ReleasedRun row =
                new ReleasedRun(
                    utc(r.getObject(1, LocalDateTime.class)),
                    utc(r.getObject(2, LocalDateTime.class)),
                    utc(r.getObject(3, LocalDateTime.class)),
                    Instant.ofEpochMilli(r.getLong(4)),
                    r.getString(5));
            boolean releasedBySameRun = row.runStarted().equals(row.lockedAt());
            if (releasedBySameRun
                && Duration.between(row.lockedAt(), row.lockUntil()).toMillis() < 60_000) {
              return row;
            }
          }
        }
      }
      if (System.nanoTime() > deadline) {
        fail("timed out after 20 s waiting for a released run of " + lock);
      }
      Thread.sleep(50);
    }
  }

  private static Instant utc(LocalDateTime time) {
    return time.toInstant(ZoneOffset.UTC);
  }

  /** Whether the events from {@code from} on hold a RELEASED followed by any other event. */
  private static boolean eventAfterRelease(List<LockEvent.Kind> events, int from) {
    for (int i = from; i < events.size() - 1; i++) {
      if (events.get(i) == LockEvent.Kind.RELEASED) {
        return true;
      }
    }
    return false;
  }

  @Test
  @RunAsClient
  public void theExampleJobsRunAndTheRestResourceShowsThem(@ArquillianResource URL base)
      throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    String executions = "";
    while (System.nanoTime() < deadline) {
      executions = get(http, base, "api/executions");
      if (executions.contains("\"lock\":\"nightly-report\"")
          && executions.contains("\"lock\":\"cache-refresh\"")) {
        break;
      }
      Thread.sleep(500);
    }
    assertTrue(
        executions.contains("\"lock\":\"nightly-report\"")
            && executions.contains("\"lock\":\"cache-refresh\"")
            && executions.contains("\"outcome\":\"ran\"")
            && executions.contains("\"node\":\"node1\""),
        "the EJB timer and the executor task of the example ran: " + executions);
  }

  /**
   * The example's operator console refuses a caller who did not log in, whatever they ask: a read
   * gets the server's login challenge (or, on a server without a login for the application, the
   * console's TIMERLOCK-502), and a release releases nothing.
   */
  @Test
  @RunAsClient
  public void theExampleConsoleRefusesAnAnonymousCaller(@ArquillianResource URL base)
      throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    URI console = URI.create(base.toString()).resolve("timerlock/");
    for (HttpRequest request :
        List.of(
            HttpRequest.newBuilder(console.resolve("status")).GET().build(),
            HttpRequest.newBuilder(console.resolve("actions/release"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("name=nightly-report&owner=x"))
                .build())) {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      assertTrue(
          response.statusCode() == 401
              || (response.statusCode() == 403 && response.body().contains("TIMERLOCK-502")),
          request.method()
              + " "
              + request.uri()
              + " is refused: "
              + response.statusCode()
              + " "
              + response.body());
    }
  }

  private void checkTakenCommittedAndReleased(String lock) throws Exception {
    Observed run = observeRunInProgress(lock);
    LockRow during = run.row();
    // While the job runs, the lock row is committed: this connection is not the job's.
    assertTrue(
        during.lockedBy().startsWith("node1"), "locked_by names the node: " + during.lockedBy());
    assertEquals(
        60_000, during.heldMillis(), "held for lockAtMostFor (1m) while running: " + during);

    // The probe notes the end of its run inside the body; the interceptor releases afterwards (on
    // a ManagedExecutorService thread while the timer's transaction is active) and fires RELEASED
    // once the release has committed. Wait for that event, then read the row.
    await(
        "the run of " + lock + " ends",
        () -> Runs.of(lock).size() > run.runsBefore(),
        Duration.ofSeconds(20));
    await(
        "the release after the run",
        () -> LockEvents.count(lock, LockEvent.Kind.RELEASED) > run.releasesBefore(),
        Duration.ofSeconds(20));
    LockRow after = lockRow(lock);
    if (after.lockedAt().equals(during.lockedAt())) {
      assertTrue(
          after.heldMillis() < 30_000,
          "released when the run ended (no lockAtLeastFor), not kept to lockAtMostFor (1m): "
              + after);
    } else {
      // A later run already took the lock. Its lease had 60 s left, so only the release of this
      // run can have let the next one in this soon.
      assertTrue(
          after.lockedAt().getTime() - during.lockedAt().getTime() < 30_000,
          "taken again long after the run: the run did not release, its lease expired: " + after);
    }
    for (Runs.Run each : Runs.of(lock)) {
      assertTrue(each.lockAsserted(), "LockAssert.assertLocked() passes inside the job");
    }
  }

  /** The lock row read while a run holds it, with the counts to tell that run's end apart. */
  private record Observed(LockRow row, int runsBefore, long releasesBefore) {}

  /**
   * Reads the row while a run is in progress. A read is kept only if the same run is still in
   * progress after it, so the row is that run's acquisition and not the release that follows.
   */
  private Observed observeRunInProgress(String lock) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      await("a run of " + lock + " in progress", () -> Runs.running(lock), Duration.ofSeconds(20));
      int runs = Runs.of(lock).size();
      long releases = LockEvents.count(lock, LockEvent.Kind.RELEASED);
      LockRow row = lockRow(lock);
      if (Runs.running(lock)
          && Runs.of(lock).size() == runs
          && LockEvents.count(lock, LockEvent.Kind.RELEASED) == releases) {
        return new Observed(row, runs, releases);
      }
    }
    return fail("no read of the " + lock + " row while a run held it within 30 s");
  }

  /** Reads the row until it satisfies a condition; returns that read. */
  private LockRow awaitRow(String lock, String what, Predicate<LockRow> condition)
      throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    LockRow row = lockRow(lock);
    while (!condition.test(row)) {
      if (System.nanoTime() > deadline) {
        fail("timed out after 20 s waiting for the " + lock + " row to be " + what + ": " + row);
      }
      Thread.sleep(50);
      row = lockRow(lock);
    }
    return row;
  }

  private LockRow lockRow(String lock) throws SQLException, NamingException {
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
    }
  }

  private static String get(HttpClient http, URL base, String path) throws Exception {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(base.toString()).resolve(path)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), path + ": " + response.body());
    return response.body();
  }

  static void await(String what, BooleanSupplier condition, Duration timeout)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        fail("timed out after " + timeout.toSeconds() + " s waiting for: " + what);
      }
      Thread.sleep(50);
    }
  }
}
