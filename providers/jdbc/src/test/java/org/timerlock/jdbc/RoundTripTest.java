package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.RunEnd;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * Steady state: exactly one statement per acquire and per release, also for a release that records
 * the run it ends; one per refusal where the acquire statement returns the refused row (PostgreSQL,
 * MariaDB), else the acquire statement and one read of the row, which tells a pause from a held
 * lock (H2, HSQLDB: both write nothing); no commits. Before that, on a fresh database, the table is
 * created without a failed statement, even when another schema (MySQL: database) on the server has
 * a lock table of the same name.
 */
class RoundTripTest {

  @Test
  void postgres() {
    try (IsolatedDatabase elsewhere = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource pool = Pools.pool(db, 2)) {
      Pools.lockTable(elsewhere, "shedlock", 64);
      assertOneStatementEach(pool, 1);
      assertARefusedFireIsOneStatement(pool);
      assertARecordedRunWithHistory(pool, HISTORY_IN_RELEASE);
    }
  }

  @Test
  void mariaDb() {
    try (IsolatedDatabase elsewhere = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass());
        IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass());
        HikariDataSource pool = Pools.pool(db, 2)) {
      Pools.lockTable(elsewhere, "shedlock", 64);
      assertOneStatementEach(pool, 1);
      assertARefusedFireIsOneStatement(pool);
      assertARecordedRunWithHistory(pool, HISTORY_AFTER_RELEASE);
    }
  }

  @Test
  void h2() {
    try (HikariDataSource pool =
        Pools.pool("jdbc:h2:mem:" + Pools.unique("rt") + ";DB_CLOSE_DELAY=-1", "sa", "", 2)) {
      assertOneStatementEach(pool, 2);
      assertARecordedRunWithHistory(pool, HISTORY_AFTER_RELEASE);
    }
  }

  @Test
  void hsqlDb() {
    try (HikariDataSource pool = Pools.pool("jdbc:hsqldb:mem:" + Pools.unique("rt"), "SA", "", 2)) {
      assertOneStatementEach(pool, 2);
      assertARecordedRunWithHistory(pool, HISTORY_AFTER_RELEASE);
    }
  }

  /**
   * @param refusal the statements of a refusal: 1 where the acquire statement returns the refused
   *     row, 2 where the row is then read
   */
  private static void assertOneStatementEach(HikariDataSource pool, int refusal) {
    CountingDataSource counting = new CountingDataSource(pool);
    try (JdbcLockProvider provider =
            JdbcLockProvider.builder().dataSource(counting.dataSource()).nodeId("rt").build();
        JdbcLockProvider other = JdbcLockProvider.builder().dataSource(pool).nodeId("o").build()) {
      // Warm-up: creates the table and detects the database.
      provider.lock(LockConfiguration.of("warm-up", Duration.ofSeconds(1))).orElseThrow().unlock();
      assertThat(counting.errors.get()).as("failed statements creating the table").isZero();

      LockConfiguration config = LockConfiguration.of("round-trips", Duration.ofMinutes(5));
      for (int i = 0; i < 5; i++) {
        SimpleLock lock = measure(counting, "acquire #" + i, () -> provider.lock(config)).get();
        SimpleLock held = other.lock(config).isPresent() ? null : lock;
        assertThat(held).as("the other node was refused").isNotNull();
        assertThat(measure(counting, "refusal", refusal, () -> provider.lock(config))).isEmpty();
        measure(
            counting,
            "release",
            () -> {
              lock.unlock();
              return Optional.empty();
            });
      }
      LockConfiguration paused = LockConfiguration.of("paused", Duration.ofMinutes(5));
      other.admin().orElseThrow().pause("paused", null, "ops");
      for (LockConfiguration attempt : List.of(paused, paused.forFire(Instant.EPOCH))) {
        Outcome outcome =
            measure(counting, "refuse a paused lock", refusal, () -> provider.tryLock(attempt))
                .outcome();
        assertThat(outcome).isEqualTo(Outcome.PAUSED);
      }
      assertThat(counting.commits.get()).as("commits: autocommit does it").isZero();
      assertThat(counting.errors.get()).as("failed statements").isZero();
      assertARecordedRunIsTwoStatements(counting, provider, other);
    }
  }

  /**
   * A run for a fire that failed: its acquire and the release that records its last run are two
   * statements in all, as without the record; the other node then sees the run.
   */
  private static void assertARecordedRunIsTwoStatements(
      CountingDataSource counting, JdbcLockProvider provider, JdbcLockProvider other) {
    Instant fire = Instant.parse("2030-01-01T00:00:00Z");
    LockConfiguration config = LockConfiguration.of("recorded-run", Duration.ofMinutes(5));
    counting.reset();
    SimpleLock lock = provider.lock(config.forFire(fire)).orElseThrow();
    lock.unlock(RunEnd.failed(new IllegalStateException("disk full")));
    int statements = counting.executions.get();
    System.out.printf(
        "%s: lock + release recording the run = %d statements, %d commits, %d errors%n",
        provider.description(), statements, counting.commits.get(), counting.errors.get());
    assertThat(statements).as("statements to lock and release, recording the run").isEqualTo(2);
    assertThat(counting.errors.get()).as("errors in a recorded run").isZero();
    RunRecord run = other.admin().orElseThrow().find("recorded-run").orElseThrow().lastRun();
    assertThat(run).as("the recorded run").isNotNull();
    assertThat(run.outcome()).isEqualTo(RunOutcome.FAILED);
    assertThat(run.fire()).isEqualTo(fire);
    assertThat(run.errorClass()).isEqualTo(IllegalStateException.class.getName());
    assertThat(run.errorMessage()).isEqualTo("disk full");
  }

  /** PostgreSQL: acquire, then the release and the history insert as one statement. */
  private static final int HISTORY_IN_RELEASE = 2;

  /** Elsewhere: acquire, release, then the history insert on the same connection. */
  private static final int HISTORY_AFTER_RELEASE = 3;

  /**
   * With the run history on, a run is the acquire, the release and the insert of its record: 2 or 3
   * statements (below every 64th run, which also prunes), the record readable at once.
   */
  private static void assertARecordedRunWithHistory(HikariDataSource pool, int expected) {
    CountingDataSource counting = new CountingDataSource(pool);
    HistorySettings on = new HistorySettings(true, 100, Duration.ofDays(30));
    LockConfiguration config = LockConfiguration.of("with-history", Duration.ofMinutes(5));
    try (JdbcLockProvider provider =
        JdbcLockProvider.builder()
            .dataSource(counting.dataSource())
            .nodeId("rt")
            .history(on)
            .build()) {
      // Warm-up: the provider has looked at both tables (and created the history table).
      provider.lock(config).orElseThrow().unlock();
      for (int i = 0; i < 3; i++) {
        counting.reset();
        provider
            .lock(config.forFire(Instant.parse("2030-01-01T00:00:00Z").plusSeconds(i)))
            .orElseThrow()
            .unlock(RunEnd.failed(new IllegalStateException("disk full")));
        int statements = counting.executions.get();
        System.out.printf(
            "%s: lock + release with the history = %d statements%n",
            provider.description(), statements);
        assertThat(statements).as("statements of a run with the history on").isEqualTo(expected);
        assertThat(counting.errors.get()).as("errors").isZero();
      }
      assertThat(provider.admin().orElseThrow().history("with-history", 10)).hasSize(4);
    }
  }

  /**
   * A request for a fire, refused because the lock is held or because the fire already ran: one
   * statement, which also says which.
   */
  private static void assertARefusedFireIsOneStatement(HikariDataSource pool) {
    CountingDataSource counting = new CountingDataSource(pool);
    Instant fire = Instant.parse("2030-01-01T00:00:00Z");
    LockConfiguration config = LockConfiguration.of("fire-round-trips", Duration.ofMinutes(5));
    try (JdbcLockProvider provider =
            JdbcLockProvider.builder().dataSource(counting.dataSource()).nodeId("rt").build();
        JdbcLockProvider other = JdbcLockProvider.builder().dataSource(pool).nodeId("o").build()) {
      // Warm-up: the provider has looked at the table's columns.
      provider.lock(config.forFire(fire)).orElseThrow().unlock();
      SimpleLock running = other.lock(config.forFire(fire.plusSeconds(60))).orElseThrow();
      Outcome held =
          measure(
                  counting,
                  "refuse a held fire",
                  () -> provider.tryLock(config.forFire(fire.plusSeconds(120))))
              .outcome();
      assertThat(held).isEqualTo(Outcome.HELD_ELSEWHERE);
      running.unlock();
      Outcome ran =
          measure(
                  counting,
                  "refuse a fire that ran",
                  () -> provider.tryLock(config.forFire(fire.plusSeconds(60))))
              .outcome();
      assertThat(ran).isEqualTo(Outcome.ALREADY_RAN);
    }
  }

  private static <T> T measure(CountingDataSource counting, String what, Supplier<T> operation) {
    return measure(counting, what, 1, operation);
  }

  private static <T> T measure(
      CountingDataSource counting, String what, int statements, Supplier<T> operation) {
    counting.reset();
    T result = operation.get();
    assertThat(counting.executions.get()).as("statements to %s", what).isEqualTo(statements);
    assertThat(counting.errors.get()).as("errors in %s", what).isZero();
    return result;
  }
}
