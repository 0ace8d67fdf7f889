package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.RunKind;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * Pauses in the lock table, on every database that runs here: set by one provider's admin, refused
 * by another provider's acquire statement (and by a provider started after the pause), ended by
 * their end time or by resume, with the fire guard kept; the kind of a run recorded by its release;
 * bad arguments refused with their codes; and a ShedLock table, where locking works without the
 * pause columns and pausing names the statements that add them.
 */
class PauseTest {

  private static final Instant FIRE = Instant.parse("2030-01-01T02:00:00Z");
  private static final LockConfiguration JOB = LockConfiguration.of("job", Duration.ofMinutes(5));

  @RegisterExtension final ProviderLog log = new ProviderLog();

  @Test
  void postgres() {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource pool = Pools.pool(db, 4)) {
      everything(pool, "TIMESTAMP(3)");
    }
  }

  @Test
  void mariaDb() {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass());
        HikariDataSource pool = Pools.pool(db, 4)) {
      everything(pool, "DATETIME(3)");
    }
  }

  @Test
  void mySqlConnectorOnMariaDb() {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass());
        HikariDataSource pool =
            Pools.pool(
                MySqlConnectorOnMariaDbContractTest.mySqlUrl(db), db.user(), db.password(), 4)) {
      everything(pool, "DATETIME(3)");
    }
  }

  @Test
  void h2() {
    try (HikariDataSource pool =
        Pools.pool("jdbc:h2:mem:" + Pools.unique("pause") + ";DB_CLOSE_DELAY=-1", "sa", "", 4)) {
      everything(pool, "TIMESTAMP(3)");
    }
  }

  @Test
  void hsqlDb() {
    try (HikariDataSource pool =
        Pools.pool("jdbc:hsqldb:mem:" + Pools.unique("pause"), "SA", "", 4)) {
      everything(pool, "TIMESTAMP(3)");
    }
  }

  @Test
  void derby() {
    try (HikariDataSource pool =
        Pools.pool("jdbc:derby:memory:" + Pools.unique("pause") + ";create=true", null, null, 4)) {
      everything(pool, "TIMESTAMP");
    }
  }

  private void everything(HikariDataSource pool, String timestamp) {
    try (JdbcLockProvider a = node(pool, "node-a");
        JdbcLockProvider b = node(pool, "node-b")) {
      LockAdmin admin = a.admin().orElseThrow();
      aPauseOfAnUnknownNameCreatesAFreePausedRow(admin, b);
      aPauseRefusesEveryModeOnAnotherNodeAndSurvivesARestart(pool, admin, b);
      aPauseEndsByItself(admin, b);
      aPausedLockKeepsItsFireGuard(admin, a, b);
      aRunInProgressIsNotStopped(admin, a, b);
      theReleaseRecordsTheKind(a, b);
      badArgumentsAreRefusedWithTheirCodes(admin);
    }
    aShedLockTableLocksWithoutPausesAndNamesTheColumns(pool, timestamp);
  }

  private static JdbcLockProvider node(HikariDataSource pool, String nodeId) {
    return JdbcLockProvider.builder().dataSource(pool).nodeId(nodeId).build();
  }

  private static void aPauseOfAnUnknownNameCreatesAFreePausedRow(
      LockAdmin admin, JdbcLockProvider other) {
    LockInfo paused = admin.pause("never-ran", null, "ops\nFAKE log line");
    assertThat(paused.held()).as("a lock paused before it ran is free").isFalse();
    assertThat(paused.pause()).isNotNull();
    assertThat(paused.pause().until()).as("open-ended").isNull();
    assertThat(paused.pause().by()).as("escaped").isEqualTo("ops\\nFAKE log line");
    LockConfiguration neverRan = LockConfiguration.of("never-ran", Duration.ofMinutes(5));
    assertThat(other.tryLock(neverRan).outcome()).isEqualTo(Outcome.PAUSED);
    assertThat(admin.resume("never-ran", "ops")).isTrue();
    assertThat(admin.resume("never-ran", "ops")).as("a second resume").isFalse();
    assertThat(admin.resume("no-such-lock", "ops")).as("resume of an unknown name").isFalse();
    assertThat(admin.find("never-ran").orElseThrow().paused()).isFalse();
    other.lock(neverRan).orElseThrow().unlock();
  }

  private static void aPauseRefusesEveryModeOnAnotherNodeAndSurvivesARestart(
      HikariDataSource pool, LockAdmin admin, JdbcLockProvider other) {
    other.lock(JOB).orElseThrow().unlock();
    LockInfo paused = admin.pause("job", null, "ops");
    assertThat(paused.paused()).isTrue();
    assertThat(other.tryLock(JOB).outcome()).as("plain call").isEqualTo(Outcome.PAUSED);
    assertThat(other.tryLock(JOB.forFire(FIRE)).outcome()).as("fire").isEqualTo(Outcome.PAUSED);
    assertThat(other.tryLock(JOB.manual()).outcome()).as("manual").isEqualTo(Outcome.PAUSED);
    try (JdbcLockProvider restarted = node(pool, "node-c")) {
      assertThat(restarted.tryLock(JOB).outcome()).as("after a restart").isEqualTo(Outcome.PAUSED);
      assertThat(restarted.admin().orElseThrow().find("job").orElseThrow().pause().by())
          .isEqualTo("ops");
    }
    assertThat(admin.list(null, 10).locks())
        .filteredOn(lock -> lock.name().equals("job"))
        .singleElement()
        .satisfies(lock -> assertThat(lock.paused()).isTrue());
    assertThat(admin.resume("job", "ops")).isTrue();
    other.lock(JOB).orElseThrow().unlock();
  }

  private static void aPauseEndsByItself(LockAdmin admin, JdbcLockProvider other) {
    LockConfiguration timed = LockConfiguration.of("timed", Duration.ofMinutes(5));
    Instant until = Instant.now().plusSeconds(2);
    LockInfo paused = admin.pause("timed", until, "ops");
    assertThat(paused.pause().until())
        .isEqualTo(until.truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
    assertThat(other.tryLock(timed).outcome()).isEqualTo(Outcome.PAUSED);
    Waiting.until(
        "the pause of 'timed' to end", () -> other.tryLock(timed).outcome() == Outcome.ACQUIRED);
    assertThat(admin.find("timed").orElseThrow().paused()).as("after its end").isFalse();
    assertThat(admin.resume("timed", "ops")).as("resume of an ended pause").isFalse();
  }

  private static void aPausedLockKeepsItsFireGuard(
      LockAdmin admin, JdbcLockProvider node, JdbcLockProvider other) {
    LockConfiguration guarded = LockConfiguration.of("guarded", Duration.ofMinutes(5));
    node.lock(guarded.forFire(FIRE)).orElseThrow().unlock();
    admin.pause("guarded", null, "ops");
    assertThat(other.tryLock(guarded.forFire(FIRE)).outcome())
        .as("a fire that ran, while paused")
        .isEqualTo(Outcome.PAUSED);
    assertThat(other.tryLock(guarded.forFire(FIRE.plusSeconds(60))).outcome())
        .as("a later fire, while paused")
        .isEqualTo(Outcome.PAUSED);
    admin.resume("guarded", "ops");
    assertThat(other.tryLock(guarded.forFire(FIRE)).outcome())
        .as("a fire that ran, resumed")
        .isEqualTo(Outcome.ALREADY_RAN);
    other.lock(guarded.forFire(FIRE.plusSeconds(60))).orElseThrow().unlock();
    assertThat(admin.find("guarded").orElseThrow().lastFire()).isEqualTo(FIRE.plusSeconds(60));
  }

  private static void aRunInProgressIsNotStopped(
      LockAdmin admin, JdbcLockProvider node, JdbcLockProvider other) {
    LockConfiguration running = LockConfiguration.of("running", Duration.ofMinutes(5));
    SimpleLock held = node.lock(running).orElseThrow();
    LockInfo paused = admin.pause("running", null, "ops");
    assertThat(paused.held()).as("still held after the pause").isTrue();
    assertThat(other.tryLock(running).outcome()).as("held and paused").isEqualTo(Outcome.PAUSED);
    held.unlock();
    LockInfo released = admin.find("running").orElseThrow();
    assertThat(released.held()).isFalse();
    assertThat(released.paused()).as("the release keeps the pause").isTrue();
    assertThat(released.lastRun().outcome()).isEqualTo(RunOutcome.SUCCEEDED);
    admin.resume("running", "ops");
  }

  private static void theReleaseRecordsTheKind(JdbcLockProvider node, JdbcLockProvider other) {
    LockConfiguration kinds = LockConfiguration.of("kinds", Duration.ofMinutes(5));
    LockAdmin admin = other.admin().orElseThrow();
    node.lock(kinds.manual()).orElseThrow().unlock();
    assertThat(admin.find("kinds").orElseThrow().lastRun().kind()).isEqualTo(RunKind.MANUAL);
    node.lock(kinds.forCatchUp(FIRE)).orElseThrow().unlock();
    RunRecord catchUp = admin.find("kinds").orElseThrow().lastRun();
    assertThat(catchUp.kind()).isEqualTo(RunKind.CATCH_UP);
    assertThat(catchUp.fire()).isEqualTo(FIRE);
    node.lock(kinds.forFire(FIRE.plusSeconds(60))).orElseThrow().unlock();
    assertThat(admin.find("kinds").orElseThrow().lastRun().kind()).isEqualTo(RunKind.SCHEDULED);
  }

  private static void badArgumentsAreRefusedWithTheirCodes(LockAdmin admin) {
    assertThatThrownBy(() -> admin.pause("job", Instant.now().minusSeconds(60), "ops"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("TIMERLOCK-122 ")
        .hasMessageContaining("not in the future");
    assertThatThrownBy(() -> admin.pause("x".repeat(300), null, "ops"))
        .isInstanceOf(NameTooLongException.class)
        .hasMessageStartingWith("TIMERLOCK-308 ");
    assertThatThrownBy(() -> admin.pause("job", null, " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("TIMERLOCK-121 ");
    assertThatThrownBy(() -> admin.pause("job", null, "o".repeat(201)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("TIMERLOCK-121 ");
    // The longest author, every character escaped to six: the column holds it.
    String controls = "\\u0001".repeat(200);
    assertThat(admin.pause("job", null, "\u0001".repeat(200)).pause().by()).isEqualTo(controls);
    admin.resume("job", "ops");
    assertThat(admin.find("job").orElseThrow().paused()).as("after refused pauses").isFalse();
  }

  /**
   * A ShedLock table without the pause columns: locks work, pausing fails naming the statements,
   * which the startup log also named; once they ran, pauses work.
   */
  private void aShedLockTableLocksWithoutPausesAndNamesTheColumns(
      HikariDataSource pool, String timestamp) {
    log.clear();
    Pools.exec(pool, Pools.lockTableDdl("legacy", 64, timestamp));
    LockConfiguration legacy = LockConfiguration.of("legacy-job", Duration.ofMinutes(5));
    try (JdbcLockProvider provider =
        JdbcLockProvider.builder().dataSource(pool).tableName("legacy").build()) {
      provider.lock(legacy).orElseThrow().unlock();
      LockAdmin admin = provider.admin().orElseThrow();
      assertThatThrownBy(() -> admin.pause("legacy-job", null, "ops"))
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageStartingWith("TIMERLOCK-321 ")
          .hasMessageContaining("ALTER TABLE legacy ADD paused_until ");
      assertThat(admin.find("legacy-job").orElseThrow().pause()).isNull();
      provider.lock(legacy).orElseThrow().unlock();

      List<String> advice =
          log.messages().stream().filter(m -> m.startsWith("TIMERLOCK-321 ")).toList();
      assertThat(advice).as("log lines about the pause columns").hasSize(1);
      String statements = advice.get(0).substring(advice.get(0).indexOf("ALTER TABLE"));
      assertThat(statements.split("; ")).hasSize(2);
      for (String alter : statements.split("; ")) {
        Pools.exec(pool, alter);
      }
      assertThat(admin.pause("legacy-job", null, "ops").paused()).isTrue();
    }
    try (JdbcLockProvider restarted =
        JdbcLockProvider.builder().dataSource(pool).tableName("legacy").build()) {
      assertThat(restarted.tryLock(legacy).outcome()).isEqualTo(Outcome.PAUSED);
      assertThat(restarted.admin().orElseThrow().resume("legacy-job", "ops")).isTrue();
      restarted.lock(legacy).orElseThrow().unlock();
    }
  }
}
