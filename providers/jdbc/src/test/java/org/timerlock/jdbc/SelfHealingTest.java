package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/** No belief about the database outlives a failure: the next attempt after a repair works. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SelfHealingTest {

  private IsolatedDatabase db;
  private HikariDataSource admin;

  @BeforeAll
  void start() {
    db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
    admin = Pools.pool(db, 1);
  }

  @AfterAll
  void stop() {
    admin.close();
    db.close();
  }

  @Test
  void rowDeletedByHandWhileIdle() {
    try (HikariDataSource pool = Pools.pool(db, 2);
        JdbcLockProvider provider = JdbcLockProvider.builder().dataSource(pool).build()) {
      LockConfiguration config = LockConfiguration.of("deleted", Duration.ofMinutes(5));
      provider.lock(config).orElseThrow().unlock();
      Pools.exec(admin, "DELETE FROM shedlock WHERE name = 'deleted'");
      Optional<SimpleLock> again = provider.lock(config);
      assertThat(again).as("lock after the row was deleted").isPresent();
      assertThat(provider.lock(config)).as("and it really holds").isEmpty();
      again.get().unlock();
    }
  }

  @Test
  void tableDroppedIsCreatedAgain() {
    try (HikariDataSource pool = Pools.pool(db, 2);
        JdbcLockProvider provider =
            JdbcLockProvider.builder().dataSource(pool).tableName("dropped_locks").build()) {
      LockConfiguration config = LockConfiguration.of("dropped", Duration.ofMinutes(5));
      provider.lock(config).orElseThrow().unlock();
      Pools.exec(admin, "DROP TABLE dropped_locks");
      Optional<SimpleLock> again = provider.lock(config);
      assertThat(again).as("lock after the table was dropped").isPresent();
      assertThat(provider.lock(config)).isEmpty();
      again.get().unlock();
    }
  }

  @Test
  void tableCreatedByHandAfterStartUp() {
    try (HikariDataSource pool = Pools.pool(db, 2);
        JdbcLockProvider provider =
            JdbcLockProvider.builder()
                .dataSource(pool)
                .dataSourceDescription("test-pool")
                .tableName("late_locks")
                .createTable(false)
                .build()) {
      LockConfiguration config = LockConfiguration.of("late", Duration.ofMinutes(5));
      assertThatThrownBy(() -> provider.lock(config))
          .isInstanceOf(LockException.class)
          .hasMessageContaining("late_locks")
          .hasMessageContaining("test-pool")
          .hasMessageContaining("create-table")
          .hasMessageContaining("SQLState 42P01");
      assertThat(provider.maxNameLength()).as("size the provider would create").isEqualTo(255);
      Pools.exec(
          admin,
          "CREATE TABLE late_locks(name VARCHAR(100) PRIMARY KEY, lock_until TIMESTAMP(3) NOT NULL,"
              + " locked_at TIMESTAMP(3) NOT NULL, locked_by VARCHAR(255) NOT NULL)");
      assertThat(provider.maxNameLength()).as("size of the real column").isEqualTo(100);
      Optional<SimpleLock> lock = provider.lock(config);
      assertThat(lock).as("lock once the table exists").isPresent();
      lock.get().unlock();
    }
  }

  @Test
  void connectionsKilledByTheServer() throws Exception {
    String app = Pools.unique("tlheal");
    try (HikariDataSource pool =
            Pools.pool(db.url() + "&ApplicationName=" + app, db.user(), db.password(), 2);
        JdbcLockProvider provider = JdbcLockProvider.builder().dataSource(pool).build()) {
      LockConfiguration config = LockConfiguration.of("killed", Duration.ofMinutes(5));
      provider.lock(config).orElseThrow().unlock();
      long idleSince = System.nanoTime();
      long killed =
          Pools.queryLong(
              admin,
              "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                  + " WHERE application_name = '"
                  + app
                  + "'");
      assertThat(killed).as("backends terminated").isPositive();
      // pg_terminate_backend only signals the backends: wait until they are gone.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (Pools.queryLong(
              admin, "SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'")
          > 0) {
        assertThat(System.nanoTime() - deadline).as("backends still there after 30 s").isNegative();
        Thread.sleep(20);
      }
      // As after a database restart: the pool checks a connection that has been idle for longer
      // than its alive-bypass window (500 ms) before handing it out, finds it dead and opens a
      // new one. Let the pool's connections be idle for that long.
      long idle = System.nanoTime() - idleSince;
      if (idle < TimeUnit.MILLISECONDS.toNanos(600)) {
        Thread.sleep(600 - TimeUnit.NANOSECONDS.toMillis(idle));
      }
      Optional<SimpleLock> lock = provider.lock(config);
      assertThat(lock).as("first attempt after the connections died").isPresent();
      lock.get().unlock();
    }
  }

  @Test
  void unreachableDatabaseSaysWhereAndWhy() {
    try (HikariDataSource pool = Pools.unreachableWithCause("jdbc:postgresql://127.0.0.1:1/test");
        JdbcLockProvider provider =
            JdbcLockProvider.builder()
                .dataSource(pool)
                .dataSourceDescription("jdbc:postgresql://127.0.0.1:1/test")
                .build()) {
      // The pool reports the SQLState of its last failed connection attempt. In a fresh JVM that
      // is still loading the drivers on the class path, the first attempt may not have ended
      // before the first wait does: the second wait always comes after one.
      assertThatThrownBy(() -> provider.lock(LockConfiguration.of("x", Duration.ofMinutes(1))))
          .isInstanceOf(LockException.class);
      assertThatThrownBy(() -> provider.lock(LockConfiguration.of("x", Duration.ofMinutes(1))))
          .isInstanceOf(LockException.class)
          .hasMessageContaining("Cannot acquire lock 'x'")
          .hasMessageContaining("table shedlock")
          .hasMessageContaining("jdbc:postgresql://127.0.0.1:1/test")
          .hasMessageContaining("SQLState 08");
    }
  }
}
