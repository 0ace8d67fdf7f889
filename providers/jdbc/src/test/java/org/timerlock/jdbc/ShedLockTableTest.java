package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * A ShedLock table, without the fire and token columns: the lease alone decides, the log says so
 * with the statements that add the columns, and those statements work on each database.
 */
class ShedLockTableTest {

  private static final Instant FIRE = Instant.parse("2030-01-01T02:00:00Z");

  @RegisterExtension final ProviderLog log = new ProviderLog();

  @Test
  void postgres() {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource pool = Pools.pool(db, 2)) {
      leaseOnlyUntilTheColumnsAreAdded(pool, "TIMESTAMP(3)");
    }
  }

  @Test
  void mariaDb() {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass());
        HikariDataSource pool = Pools.pool(db, 2)) {
      leaseOnlyUntilTheColumnsAreAdded(pool, "DATETIME(3)");
    }
  }

  @Test
  void mySqlConnectorOnMariaDb() {
    for (String properties : new String[] {"", "?useAffectedRows=true"}) {
      try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass());
          HikariDataSource pool =
              Pools.pool(
                  MySqlConnectorOnMariaDbContractTest.mySqlUrl(db) + properties,
                  db.user(),
                  db.password(),
                  2)) {
        leaseOnlyUntilTheColumnsAreAdded(pool, "DATETIME(3)");
      }
    }
  }

  @Test
  void h2() {
    try (HikariDataSource pool =
        Pools.pool("jdbc:h2:mem:" + Pools.unique("st") + ";DB_CLOSE_DELAY=-1", "sa", "", 2)) {
      leaseOnlyUntilTheColumnsAreAdded(pool, "TIMESTAMP(3)");
    }
  }

  @Test
  void hsqlDb() {
    try (HikariDataSource pool = Pools.pool("jdbc:hsqldb:mem:" + Pools.unique("st"), "SA", "", 2)) {
      leaseOnlyUntilTheColumnsAreAdded(pool, "TIMESTAMP(3)");
    }
  }

  @Test
  void derby() {
    try (HikariDataSource pool =
        Pools.pool("jdbc:derby:memory:" + Pools.unique("st") + ";create=true", null, null, 2)) {
      leaseOnlyUntilTheColumnsAreAdded(pool, "TIMESTAMP");
    }
  }

  private void leaseOnlyUntilTheColumnsAreAdded(HikariDataSource pool, String timestamp) {
    Pools.exec(pool, Pools.lockTableDdl("shedlock", 64, timestamp));
    LockConfiguration job = LockConfiguration.of("job", Duration.ofMinutes(5));
    try (JdbcLockProvider provider = JdbcLockProvider.builder().dataSource(pool).build()) {
      SimpleLock lock = acquire(provider, job.forFire(FIRE));

      assertThat(provider.features()).isEmpty();
      assertThat(lock.fencingToken()).isEmpty();
      lock.unlock();
      acquire(provider, job.forFire(FIRE)).unlock(); // the lease alone: the same fire again
      SimpleLock held = acquire(provider, job);
      try (JdbcLockProvider other = JdbcLockProvider.builder().dataSource(pool).build()) {
        assertThat(other.tryLock(job).outcome()).isEqualTo(LockAttempt.Outcome.HELD_ELSEWHERE);
      }
      held.unlock();
    }
    String advice =
        log.messages().stream()
            .filter(m -> m.contains("has no columns last_fire and fencing_token"))
            .findFirst()
            .orElseThrow(
                () -> new AssertionError("no log line about the columns in " + log.messages()));
    String statements = advice.substring(advice.indexOf("ALTER TABLE"));
    for (String alter : statements.split("; ")) {
      Pools.exec(pool, alter);
    }

    try (JdbcLockProvider provider = JdbcLockProvider.builder().dataSource(pool).build()) {
      SimpleLock lock = acquire(provider, job.forFire(FIRE));

      assertThat(provider.features()).containsExactlyInAnyOrder(LockProvider.Feature.values());
      assertThat(lock.fencingToken()).isPresent();
      lock.unlock();
      assertThat(provider.tryLock(job.forFire(FIRE)).outcome())
          .isEqualTo(LockAttempt.Outcome.ALREADY_RAN);
    }
  }

  private static SimpleLock acquire(LockProvider provider, LockConfiguration config) {
    LockAttempt attempt = provider.tryLock(config);
    assertThat(attempt.outcome()).as("taking %s", config).isEqualTo(LockAttempt.Outcome.ACQUIRED);
    return attempt.lock().orElseThrow();
  }
}
