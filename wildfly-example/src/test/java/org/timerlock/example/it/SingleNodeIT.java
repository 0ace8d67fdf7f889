package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.annotation.Resource;
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
import java.util.List;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One WildFly node, no store configured: the example's default, the table {@code shedlock} in
 * {@code java:comp/DefaultDataSource} (WildFly's in-memory H2). The tests run inside the server and
 * look at the table through their own connections, outside the jobs' transactions.
 */
@ExtendWith(ArquillianExtension.class)
class SingleNodeIT {

  @Deployment
  @TargetsContainer("node1")
  static WebArchive deployment() {
    return Deployments.withConfig(
            Deployments.exampleApp("single-node"),
            "timerlock.lock.\"" + MsesProbe.LOCK + "\".lock-at-most-for=1m")
        .addClasses(
            SingleNodeIT.class,
            Deployments.class,
            Runs.class,
            Runs.Run.class,
            Probe.class,
            TimeoutProbe.class,
            MsesProbe.class,
            ProbeSchema.class,
            FailingJob.class,
            LockRow.class);
  }

  @Resource(lookup = "java:comp/DefaultDataSource")
  DataSource dataSource;

  /** A row of the lock table, read from an independent connection. */
  record LockRow(Timestamp lockedAt, Timestamp lockUntil, String lockedBy) {
    long heldMillis() {
      return lockUntil.getTime() - lockedAt.getTime();
    }
  }

  @Test
  void timeoutCallbackTakesTheLockCommitsItAndReleasesIt() throws Exception {
    checkTakenCommittedAndReleased(TimeoutProbe.LOCK);
    for (Runs.Run run : Runs.of(TimeoutProbe.LOCK)) {
      assertEquals(
          Status.STATUS_ACTIVE,
          run.transactionStatus(),
          "the @Schedule method runs in its container-managed transaction");
    }
  }

  @Test
  void managedScheduledExecutorTaskTakesTheLockAndReleasesIt() throws Exception {
    checkTakenCommittedAndReleased(MsesProbe.LOCK);
  }

  @Test
  void aJobThatThrowsRollsBackItsWorkAndStillReleasesTheLockAfterLockAtLeastFor() throws Exception {
    await("the failing job ran", () -> !Runs.of(FailingJob.LOCK).isEmpty(), Duration.ofSeconds(15));
    // Let the container roll back, and retry the timeout (the retry must be skipped: the lock is
    // kept for lockAtLeastFor = 3s after it was taken).
    Thread.sleep(2000);
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM " + ProbeSchema.TABLE);
        ResultSet r = s.executeQuery()) {
      r.next();
      assertEquals(0, r.getInt(1), "the job's write was rolled back with its transaction");
    }
    LockRow row = lockRow(FailingJob.LOCK);
    assertTrue(
        row.heldMillis() >= 2950 && row.heldMillis() <= 4000,
        "released with lockAtLeastFor = 3s after a failure, not held to lockAtMostFor (1m): "
            + row);
    List<Runs.Run> runs = Runs.of(FailingJob.LOCK);
    for (int i = 1; i < runs.size(); i++) {
      long apart = Duration.between(runs.get(i - 1).start(), runs.get(i).start()).toMillis();
      assertTrue(
          apart >= 2900,
          "two runs of the failing job " + apart + " ms apart, within lockAtLeastFor");
    }
  }

  @Test
  @RunAsClient
  void theExampleJobsRunAndTheRestResourceShowsThem(@ArquillianResource URL base) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
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
    String locks = get(http, base, "api/locks");
    assertTrue(
        locks.contains("\"name\":\"nightly-report\"") && locks.contains("\"lockedBy\":\"node1"),
        "the lock table is shown: " + locks);
  }

  private void checkTakenCommittedAndReleased(String lock) throws Exception {
    await("a run of " + lock + " in progress", () -> Runs.running(lock), Duration.ofSeconds(15));
    // While the job runs, the lock row is committed: this connection is not the job's.
    LockRow during = lockRow(lock);
    assertTrue(
        during.lockedBy().startsWith("node1"), "locked_by names the node: " + during.lockedBy());
    assertEquals(
        60_000, during.heldMillis(), "held for lockAtMostFor (1m) while running: " + during);
    int before = Runs.of(lock).size();
    await(
        "the run of " + lock + " ends", () -> Runs.of(lock).size() > before, Duration.ofSeconds(5));
    LockRow after = lockRow(lock);
    assertTrue(
        after.heldMillis() < 5000,
        "released when the run ended (no lockAtLeastFor), not kept to lockAtMostFor: " + after);
    assertFalse(Runs.running(lock), "the next run started too early to check the release");
    for (Runs.Run run : Runs.of(lock)) {
      assertTrue(run.lockAsserted(), "LockAssert.assertLocked() passes inside the job");
    }
  }

  private LockRow lockRow(String lock) throws SQLException {
    try (Connection c = dataSource.getConnection();
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
