package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.naming.InitialContext;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.core.LockConfiguration;
import org.timerlock.servertests.Probe;
import org.timerlock.servertests.Runs;

/**
 * A server whose TimerLock settings come from environment variables only, as containers and
 * Kubernetes give them: the application (the Liberty example) carries no {@code
 * microprofile-config.properties}. The build starts the example's server, {@code timerlock}, in a
 * run of its own with the variables set (see the {@code environment-variables} execution in the
 * pom): provider, table, node id, a default duration and per-lock durations and switches, spelled
 * {@code TIMERLOCK_...}. That the application deploys at all shows every spelling passed the key
 * check.
 */
@ExtendWith(ArquillianExtension.class)
class EnvironmentConfigIT {

  /** {@code TIMERLOCK_JDBC_TABLE}. */
  private static final String TABLE = "env_locks";

  @Deployment
  static WebArchive deployment() {
    return LibertyDeployments.libertyAppWithoutSettings("environment-config")
        .addClasses(
            EnvironmentConfigIT.class,
            Probe.class,
            Runs.class,
            Runs.Run.class,
            ProbeEvents.class,
            ProbeEvents.Event.class,
            EnvProbe.class,
            EnvSwitchedOffProbe.class);
  }

  @Test
  void durationsTableAndNodeIdComeFromTheEnvironment() throws Exception {
    await("a run of " + EnvProbe.LOCK, () -> count(EnvProbe.LOCK, Kind.ACQUIRED) >= 1);
    LockConfiguration seen = ProbeEvents.configuration(EnvProbe.LOCK);
    assertEquals(
        new LockConfiguration(EnvProbe.LOCK, Duration.ofSeconds(45), Duration.ofMillis(1500)),
        seen.forFire(null),
        "TIMERLOCK_DEFAULT_LOCK_AT_MOST_FOR and TIMERLOCK_LOCK__ENV_PROBE__LOCK_AT_LEAST_FOR");
    Instant fire = seen.fireInstant();
    assertTrue(
        fire != null && fire.getNano() == 0 && fire.getEpochSecond() % 2 == 0,
        "the EJB timer's fire is a slot of its @Schedule(second = \"*/2\"): " + seen);
    Row row = row(EnvProbe.LOCK);
    assertTrue(row.lockedBy().startsWith("liberty-env/"), "TIMERLOCK_NODE_ID: " + row);
  }

  @Test
  void aLockSwitchedOffByTheEnvironmentIsSkippedWithoutTouchingTheStore() throws Exception {
    await(
        "two skipped fires of " + EnvSwitchedOffProbe.LOCK,
        () -> count(EnvSwitchedOffProbe.LOCK, Kind.DISABLED) >= 2);
    assertEquals(List.of(), Runs.of(EnvSwitchedOffProbe.LOCK), "no run");
    assertEquals(0, count(EnvSwitchedOffProbe.LOCK, Kind.ACQUIRED), "the lock was never taken");
    assertEquals(0, rows(EnvSwitchedOffProbe.LOCK), "the store was never asked");
  }

  /** A row of the lock table. */
  record Row(String lockedBy) {}

  private static Row row(String lock) throws Exception {
    try (Connection c = dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement("SELECT locked_by FROM " + TABLE + " WHERE name = ?")) {
      s.setString(1, lock);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          return fail("no row for " + lock + " in " + TABLE);
        }
        return new Row(r.getString(1));
      }
    } catch (SQLException e) {
      throw new AssertionError("cannot read the lock table " + TABLE, e);
    }
  }

  private static int rows(String lock) throws Exception {
    try (Connection c = dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement("SELECT COUNT(*) FROM " + TABLE + " WHERE name = ?")) {
      s.setString(1, lock);
      try (ResultSet r = s.executeQuery()) {
        r.next();
        return r.getInt(1);
      }
    }
  }

  private static DataSource dataSource() throws Exception {
    return (DataSource) new InitialContext().lookup("java:comp/DefaultDataSource");
  }

  private static long count(String lock, Kind kind) {
    return ProbeEvents.count(lock, kind);
  }

  private static void await(String what, java.util.function.BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        fail("timed out after 30 s waiting for: " + what);
      }
      Thread.sleep(50);
    }
  }
}
