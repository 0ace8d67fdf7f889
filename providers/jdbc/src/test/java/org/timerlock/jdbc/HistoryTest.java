package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.RunEnd;
import org.timerlock.core.RunKind;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * The run history on every database that runs here: one record per run, written by the release, and
 * one per missed slot; newest first; bounded by count and by age; an error message of a megabyte,
 * with line breaks and a password in a URL, stored bounded, escaped and masked; and a history table
 * another party created with another shape, whose failed writes are logged and lose neither the run
 * nor its release.
 */
class HistoryTest {

  private static final Instant FIRE = Instant.parse("2030-01-01T02:00:00Z");

  @RegisterExtension final ProviderLog log = new ProviderLog();

  @Test
  void postgres() {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource pool = Pools.pool(db, 4)) {
      everything(pool);
    }
  }

  @Test
  void mariaDb() {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass());
        HikariDataSource pool = Pools.pool(db, 4)) {
      everything(pool);
    }
  }

  @Test
  void h2() {
    try (HikariDataSource pool =
        Pools.pool("jdbc:h2:mem:" + Pools.unique("hist") + ";DB_CLOSE_DELAY=-1", "sa", "", 4)) {
      everything(pool);
    }
  }

  @Test
  void hsqlDb() {
    try (HikariDataSource pool =
        Pools.pool("jdbc:hsqldb:mem:" + Pools.unique("hist"), "SA", "", 4)) {
      everything(pool);
    }
  }

  @Test
  void derby() {
    try (HikariDataSource pool =
        Pools.pool("jdbc:derby:memory:" + Pools.unique("hist") + ";create=true", null, null, 4)) {
      everything(pool);
    }
  }

  private void everything(HikariDataSource pool) {
    try (JdbcLockProvider off = JdbcLockProvider.builder().dataSource(pool).build()) {
      off.lock(LockConfiguration.of("off", Duration.ofMinutes(1))).orElseThrow().unlock();
      LockAdmin admin = off.admin().orElseThrow();
      assertThat(admin.keepsHistory()).isFalse();
      assertThat(admin.history("off", 10)).isEmpty();
    }
    HistorySettings three = new HistorySettings(true, 3, Duration.ofDays(30));
    try (JdbcLockProvider a = node(pool, "node-a", three);
        JdbcLockProvider b = node(pool, "node-b", three)) {
      LockAdmin admin = b.admin().orElseThrow();
      assertThat(admin.keepsHistory()).isTrue();
      runsAndMissedSlotsNewestFirst(a, admin);
      boundedByCount(pool, a, admin);
      assertThatThrownBy(() -> admin.history("job", 0))
          .isInstanceOf(IllegalArgumentException.class);
    }
    boundedByAge(pool);
    aSquattedHistoryTableLosesNoRelease(pool);
  }

  private static JdbcLockProvider node(
      HikariDataSource pool, String nodeId, HistorySettings history) {
    return JdbcLockProvider.builder()
        .dataSource(pool)
        .tableName("runs")
        .nodeId(nodeId)
        .history(history)
        .build();
  }

  private static void runsAndMissedSlotsNewestFirst(JdbcLockProvider node, LockAdmin admin) {
    LockConfiguration job = LockConfiguration.of("job", Duration.ofMinutes(5));
    node.lock(job.forFire(FIRE)).orElseThrow().unlock();
    String megabyte =
        "connect to jdbc:postgresql://app:s3cret@db/orders failed\nFORGED line\r\n"
            + "x".repeat(1 << 20);
    node.lock(job.manual())
        .orElseThrow()
        .unlock(RunEnd.failed(new IllegalStateException(megabyte)));
    admin.recordMissed("job", FIRE.plusSeconds(60), "watch\nnode");

    List<RunRecord> history = admin.history("job", 100);
    assertThat(history).hasSize(3);
    RunRecord missed = history.get(0);
    assertThat(missed.outcome()).isEqualTo(RunOutcome.MISSED);
    assertThat(missed.fire()).isEqualTo(FIRE.plusSeconds(60));
    assertThat(missed.nodeId()).isEqualTo("watch\\nnode");

    RunRecord failed = history.get(1);
    assertThat(failed.outcome()).isEqualTo(RunOutcome.FAILED);
    assertThat(failed.kind()).isEqualTo(RunKind.MANUAL);
    assertThat(failed.fire()).isNull();
    assertThat(failed.nodeId()).isEqualTo("node-a");
    assertThat(failed.errorClass()).isEqualTo(IllegalStateException.class.getName());
    assertThat(failed.errorMessage())
        .hasSizeLessThanOrEqualTo(RunEnd.MAX_MESSAGE_LENGTH)
        .doesNotContain("s3cret", "\n", "\r")
        .contains("FORGED line");

    RunRecord first = history.get(2);
    assertThat(first.outcome()).isEqualTo(RunOutcome.SUCCEEDED);
    assertThat(first.kind()).isEqualTo(RunKind.SCHEDULED);
    assertThat(first.fire()).isEqualTo(FIRE);
    assertThat(first.ended()).isAfterOrEqualTo(first.started());
    assertThat(admin.history("job", 1)).containsExactly(missed);
    assertThat(admin.history("never-ran", 10)).isEmpty();
  }

  /** Three records per lock: reads show the newest three, and pruning leaves three rows. */
  private static void boundedByCount(
      HikariDataSource pool, JdbcLockProvider node, LockAdmin admin) {
    LockConfiguration counted = LockConfiguration.of("counted", Duration.ofMinutes(5));
    for (int i = 0; i < 6; i++) {
      node.lock(counted.forFire(FIRE.plusSeconds(i))).orElseThrow().unlock();
    }
    List<RunRecord> history = admin.history("counted", 100);
    assertThat(history)
        .extracting(RunRecord::fire)
        .containsExactly(FIRE.plusSeconds(5), FIRE.plusSeconds(4), FIRE.plusSeconds(3));
    assertThat(rows(pool, "counted")).as("rows after a read pruned").isEqualTo(3);
  }

  /** Records older than max-age are not shown, and pruned. */
  private static void boundedByAge(HikariDataSource pool) {
    HistorySettings briefly = new HistorySettings(true, 100, Duration.ofMillis(1500));
    try (JdbcLockProvider node = node(pool, "node-a", briefly)) {
      LockAdmin admin = node.admin().orElseThrow();
      LockConfiguration aged = LockConfiguration.of("aged", Duration.ofMinutes(5));
      node.lock(aged).orElseThrow().unlock();
      node.lock(aged).orElseThrow().unlock();
      assertThat(admin.history("aged", 10)).hasSizeBetween(1, 2);
      Waiting.until("the records of 'aged' to age out", () -> admin.history("aged", 10).isEmpty());
      admin.recordMissed("other", FIRE, "node-a");
      assertThat(rows(pool, "aged")).as("rows after pruning by age").isZero();
      assertThat(admin.history("other", 10)).hasSize(1);
    }
  }

  /**
   * A history table of another shape, as a party that created it first would leave it: every write
   * fails, is logged with its code, and the release and its last run are there all the same.
   */
  private void aSquattedHistoryTableLosesNoRelease(HikariDataSource pool) {
    Pools.exec(pool, "CREATE TABLE squatted_history (x INT)");
    log.clear();
    HistorySettings on = new HistorySettings(true, 100, Duration.ofDays(1));
    try (JdbcLockProvider node =
            JdbcLockProvider.builder()
                .dataSource(pool)
                .tableName("squatted")
                .nodeId("node-a")
                .history(on)
                .build();
        JdbcLockProvider other =
            JdbcLockProvider.builder().dataSource(pool).tableName("squatted").build()) {
      LockConfiguration job = LockConfiguration.of("job", Duration.ofMinutes(5));
      for (int i = 0; i < 2; i++) {
        node.lock(job.forFire(FIRE.plusSeconds(i)))
            .orElseThrow()
            .unlock(RunEnd.failed(new IllegalStateException("disk full")));
        assertThat(other.lock(job))
            .as("released in spite of the history")
            .isPresent()
            .get()
            .satisfies(lock -> lock.unlock());
      }
      assertThat(log.messages())
          .filteredOn(m -> m.startsWith("TIMERLOCK-322 "))
          .hasSize(2)
          .allSatisfy(m -> assertThat(m).contains("squatted_history", "release are not affected"));
      RunRecord last = other.admin().orElseThrow().find("job").orElseThrow().lastRun();
      assertThat(last.outcome()).isEqualTo(RunOutcome.SUCCEEDED);
      assertThat(last.nodeId()).isNotEqualTo("node-a");
    }
  }

  private static long rows(HikariDataSource pool, String name) {
    return Pools.queryLong(pool, "SELECT COUNT(*) FROM runs_history WHERE name = '" + name + "'");
  }
}
