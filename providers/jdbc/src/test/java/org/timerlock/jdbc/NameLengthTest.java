package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * Every name is checked against the table's name column at run time, not only at deployment: on
 * MariaDB without strict mode a longer name is cut silently, and two locks would become one.
 */
class NameLengthTest {

  private static final String TWENTY = "report-of-the-month-"; // 20 characters

  @Test
  void mariaDbWithoutStrictModeKeepsTwoLongNamesApart() {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass());
        HikariDataSource pool = nonStrict(db)) {
      Pools.lockTable(db, "shedlock", 20);
      checksEveryName(pool);
    }
  }

  @Test
  void postgres() {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource pool = Pools.pool(db, 2)) {
      Pools.lockTable(db, "shedlock", 20);
      checksEveryName(pool);
    }
  }

  @Test
  void tableCreatedByTheProvider() {
    try (HikariDataSource pool =
            Pools.pool("jdbc:h2:mem:" + Pools.unique("nl") + ";DB_CLOSE_DELAY=-1", "sa", "", 2);
        JdbcLockProvider provider = JdbcLockProvider.builder().dataSource(pool).build()) {
      String longest = "n".repeat(Dialect.CREATED_NAME_LENGTH);
      provider.lock(LockConfiguration.of(longest, Duration.ofMinutes(1))).orElseThrow().unlock();
      assertThatThrownBy(
              () -> provider.lock(LockConfiguration.of(longest + "n", Duration.ofMinutes(1))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("has 256 characters")
          .hasMessageContaining("at most 255");
    }
  }

  private static void checksEveryName(HikariDataSource pool) {
    LockConfiguration one = LockConfiguration.of(TWENTY + "one", Duration.ofMinutes(5));
    LockConfiguration two = LockConfiguration.of(TWENTY + "two", Duration.ofMinutes(5));
    try (JdbcLockProvider provider = JdbcLockProvider.builder().dataSource(pool).build()) {
      // The very first call learns the limit, before any statement with the name.
      assertThatThrownBy(() -> provider.lock(one))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "TIMERLOCK-308 Lock name '"
                  + TWENTY
                  + "one' has 23 characters; the lock table shedlock holds names of at most 20"
                  + " (column name): use a shorter name, or widen the column");
      assertThatThrownBy(() -> provider.lock(two))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(TWENTY + "two");
      assertThat(provider.maxNameLength()).isEqualTo(20);
      assertThat(Pools.queryLong(pool, "SELECT COUNT(*) FROM shedlock")).as("rows").isZero();

      SimpleLock atLimit =
          provider.lock(LockConfiguration.of(TWENTY, Duration.ofMinutes(5))).orElseThrow();
      atLimit.unlock();

      // Widened by an operator: the same provider takes the long names, as two locks.
      Pools.exec(pool, widen(pool));
      SimpleLock first = provider.lock(one).orElseThrow();
      try (JdbcLockProvider other = JdbcLockProvider.builder().dataSource(pool).build()) {
        assertOwn(other, two);
        assertThat(other.lock(one)).isEmpty();
      } finally {
        first.unlock();
      }
    }
  }

  private static void assertOwn(LockProvider provider, LockConfiguration config) {
    provider.lock(config).orElseThrow(() -> new AssertionError(config + " not taken")).unlock();
  }

  private static String widen(HikariDataSource pool) {
    return pool.getJdbcUrl().startsWith("jdbc:mariadb:")
        ? "ALTER TABLE shedlock MODIFY name VARCHAR(40) NOT NULL"
        : "ALTER TABLE shedlock ALTER COLUMN name TYPE VARCHAR(40)";
  }

  /** A pool whose sessions cut a too-long value silently, as MariaDB did before 10.2.4. */
  private static HikariDataSource nonStrict(IsolatedDatabase db) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(db.url());
    config.setUsername(db.user());
    config.setPassword(db.password());
    config.setMaximumPoolSize(2);
    config.setConnectionInitSql("SET SESSION sql_mode = ''");
    HikariDataSource pool = new HikariDataSource(config);
    assertThat(Pools.queryLong(pool, "SELECT LENGTH(@@SESSION.sql_mode)")).isZero();
    return pool;
  }
}
