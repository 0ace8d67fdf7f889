package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * A table without the columns of the last run, a ShedLock table or a TimerLock table from before
 * them: locks are taken and released as before, the log says once how to add the columns, and the
 * admin shows no run; after the logged statements, releases record runs. A release that finds its
 * row taken by another owner records nothing.
 */
class LastRunColumnsTest {

  private static final Instant FIRE = Instant.parse("2030-01-01T02:00:00Z");
  private static final String ADVICE = "has no columns for the last run of each lock";

  @RegisterExtension final ProviderLog log = new ProviderLog();

  @Test
  void postgres() throws InterruptedException {
    for (boolean fireColumns : new boolean[] {false, true}) {
      try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
          HikariDataSource pool = Pools.pool(db, 4)) {
        noRunUntilTheColumnsAreAdded(pool, "TIMESTAMP(3)", fireColumns);
      }
    }
  }

  @Test
  void mariaDb() throws InterruptedException {
    for (boolean fireColumns : new boolean[] {false, true}) {
      try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass());
          HikariDataSource pool = Pools.pool(db, 4)) {
        noRunUntilTheColumnsAreAdded(pool, "DATETIME(3)", fireColumns);
      }
    }
  }

  @Test
  void mySqlConnectorOnMariaDb() throws InterruptedException {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass());
        HikariDataSource pool =
            Pools.pool(
                MySqlConnectorOnMariaDbContractTest.mySqlUrl(db), db.user(), db.password(), 4)) {
      noRunUntilTheColumnsAreAdded(pool, "DATETIME(3)", false);
    }
  }

  @Test
  void h2() throws InterruptedException {
    for (boolean fireColumns : new boolean[] {false, true}) {
      try (HikariDataSource pool =
          Pools.pool("jdbc:h2:mem:" + Pools.unique("lr") + ";DB_CLOSE_DELAY=-1", "sa", "", 4)) {
        noRunUntilTheColumnsAreAdded(pool, "TIMESTAMP(3)", fireColumns);
      }
    }
  }

  @Test
  void hsqlDb() throws InterruptedException {
    try (HikariDataSource pool = Pools.pool("jdbc:hsqldb:mem:" + Pools.unique("lr"), "SA", "", 4)) {
      noRunUntilTheColumnsAreAdded(pool, "TIMESTAMP(3)", true);
    }
  }

  @Test
  void derby() throws InterruptedException {
    try (HikariDataSource pool =
        Pools.pool("jdbc:derby:memory:" + Pools.unique("lr") + ";create=true", null, null, 4)) {
      noRunUntilTheColumnsAreAdded(pool, "TIMESTAMP", false);
    }
  }

  private void noRunUntilTheColumnsAreAdded(
      HikariDataSource pool, String timestamp, boolean fireColumns) throws InterruptedException {
    log.clear();
    Pools.exec(pool, Pools.lockTableDdl("shedlock", 64, timestamp));
    if (fireColumns) {
      Pools.exec(pool, "ALTER TABLE shedlock ADD last_fire BIGINT");
      Pools.exec(pool, "ALTER TABLE shedlock ADD fencing_token BIGINT");
    }
    LockConfiguration job = LockConfiguration.of("job", Duration.ofMinutes(5));
    try (JdbcLockProvider provider = JdbcLockProvider.builder().dataSource(pool).build()) {
      provider
          .lock(job.forFire(FIRE))
          .orElseThrow()
          .unlock(RunEnd.failed(new IllegalStateException("disk full")));
      provider.lock(job).orElseThrow().unlock();
      SimpleLock held = provider.lock(job).orElseThrow();
      assertThat(provider.lock(job)).as("refused while held").isEmpty();
      held.unlock(RunEnd.succeeded());

      LockInfo seen = provider.admin().orElseThrow().find("job").orElseThrow();
      assertThat(seen.held()).isFalse();
      assertThat(seen.lastRun()).as("last run in a table without its columns").isNull();
      assertThat(seen.lastFire()).isEqualTo(fireColumns ? FIRE : null);
    }
    List<String> advice = log.messages().stream().filter(m -> m.contains(ADVICE)).toList();
    assertThat(advice).as("log lines about the last-run columns").hasSize(1);
    assertThat(advice.get(0)).startsWith("TIMERLOCK-320 ");
    String statements = advice.get(0).substring(advice.get(0).indexOf("ALTER TABLE"));
    // The six columns of the last run and its kind.
    assertThat(statements.split("; ")).hasSize(LockTable.LAST_RUN_COLUMNS.size() + 1);
    assertThat(statements).contains("ADD " + LockTable.LAST_RUN_KIND + " ");
    for (String alter : statements.split("; ")) {
      Pools.exec(pool, alter);
    }

    log.clear();
    try (JdbcLockProvider provider =
            JdbcLockProvider.builder().dataSource(pool).nodeId("node-a").build();
        JdbcLockProvider other =
            JdbcLockProvider.builder().dataSource(pool).nodeId("node-b").build()) {
      provider
          .lock(job.forFire(FIRE.plusSeconds(60)))
          .orElseThrow()
          .unlock(RunEnd.failed(new IllegalStateException("disk full")));
      RunRecord run = other.admin().orElseThrow().find("job").orElseThrow().lastRun();
      assertThat(run).as("last run once the columns are there").isNotNull();
      assertThat(run.outcome()).isEqualTo(RunOutcome.FAILED);
      assertThat(run.nodeId()).isEqualTo("node-a");
      assertThat(run.fire()).isEqualTo(FIRE.plusSeconds(60));
      assertThat(run.errorClass()).isEqualTo(IllegalStateException.class.getName());
      assertThat(run.errorMessage()).isEqualTo("disk full");
      assertThat(run.kind()).isEqualTo(RunKind.SCHEDULED);
      provider.lock(job.manual()).orElseThrow().unlock();
      assertThat(other.admin().orElseThrow().find("job").orElseThrow().lastRun().kind())
          .isEqualTo(RunKind.MANUAL);

      aReleaseOfARowAnotherOwnerTookRecordsNothing(provider, other);
    }
    assertThat(log.messages()).noneMatch(m -> m.contains(ADVICE));
  }

  /**
   * A TimerLock table from before the kind column: runs are recorded without their kind, which
   * reads as SCHEDULED, and the log names the one statement that adds it.
   */
  @Test
  void aTableWithoutTheKindColumnRecordsRunsWithoutIt() {
    try (HikariDataSource pool =
        Pools.pool("jdbc:h2:mem:" + Pools.unique("kind") + ";DB_CLOSE_DELAY=-1", "sa", "", 4)) {
      Pools.exec(pool, Pools.lockTableDdl("shedlock", 64, "TIMESTAMP(3)"));
      Pools.exec(pool, "ALTER TABLE shedlock ADD last_fire BIGINT");
      Pools.exec(pool, "ALTER TABLE shedlock ADD fencing_token BIGINT");
      for (String alter :
          new H2Dialect()
              .addColumns(LockTable.shedLockLayout("shedlock"), LockTable.LAST_RUN_COLUMNS)) {
        Pools.exec(pool, alter);
      }
      log.clear();
      LockConfiguration job = LockConfiguration.of("job", Duration.ofMinutes(5));
      try (JdbcLockProvider provider = JdbcLockProvider.builder().dataSource(pool).build()) {
        provider.lock(job.manual()).orElseThrow().unlock();
        RunRecord run = provider.admin().orElseThrow().find("job").orElseThrow().lastRun();
        assertThat(run).as("a run recorded without its kind").isNotNull();
        assertThat(run.kind()).isEqualTo(RunKind.SCHEDULED);
      }
      List<String> advice = log.messages().stream().filter(m -> m.contains(ADVICE)).toList();
      assertThat(advice).hasSize(1);
      assertThat(advice.get(0))
          .startsWith("TIMERLOCK-320 ")
          .endsWith("adding them with: ALTER TABLE shedlock ADD last_run_kind VARCHAR(16)");
      Pools.exec(pool, "ALTER TABLE shedlock ADD last_run_kind VARCHAR(16)");
      try (JdbcLockProvider provider = JdbcLockProvider.builder().dataSource(pool).build()) {
        provider.lock(job.manual()).orElseThrow().unlock();
        RunRecord run = provider.admin().orElseThrow().find("job").orElseThrow().lastRun();
        assertThat(run.kind()).isEqualTo(RunKind.MANUAL);
      }
    }
  }

  /** The stale holder's release matches no row: the new holder's row keeps its own last run. */
  private static void aReleaseOfARowAnotherOwnerTookRecordsNothing(
      JdbcLockProvider provider, JdbcLockProvider other) throws InterruptedException {
    LockConfiguration shortLease = LockConfiguration.of("stale", Duration.ofMillis(200));
    SimpleLock stale = provider.lock(shortLease).orElseThrow();
    Thread.sleep(600);
    SimpleLock taken =
        other.lock(shortLease.withDurations(Duration.ofMinutes(5), Duration.ZERO)).orElseThrow();
    stale.unlock(RunEnd.failed(new IllegalStateException("too late")));
    LockInfo seen = other.admin().orElseThrow().find("stale").orElseThrow();
    assertThat(seen.held()).as("still held by the new owner").isTrue();
    assertThat(seen.lastRun()).as("last run after a stale release").isNull();
    taken.unlock();
    RunRecord run = provider.admin().orElseThrow().find("stale").orElseThrow().lastRun();
    assertThat(run.nodeId()).isEqualTo("node-b");
    assertThat(run.outcome()).isEqualTo(RunOutcome.SUCCEEDED);
  }
}
