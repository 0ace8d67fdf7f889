package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * Lock admin on a ShedLock table (no fire or token columns) read through sessions whose time zones
 * are far from UTC and from each other: "held" and the times are the database's UTC clock, as the
 * lock statements see it.
 */
class JdbcLockAdminTest {

  @Test
  void postgres() {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass())) {
      check(
          db,
          "TIMESTAMP(3)",
          "SET TIME ZONE 'Pacific/Kiritimati'",
          "SET TIME ZONE 'Pacific/Pago_Pago'");
    }
  }

  @Test
  void mariaDb() {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass())) {
      check(db, "DATETIME(3)", "SET time_zone = '+13:00'", "SET time_zone = '-11:00'");
    }
  }

  private static void check(
      IsolatedDatabase db, String timestamp, String holderZone, String operatorZone) {
    try (HikariDataSource holderPool = pool(db, holderZone);
        HikariDataSource operatorPool = pool(db, operatorZone);
        JdbcLockProvider holder =
            JdbcLockProvider.builder()
                .dataSource(holderPool)
                .createTable(false)
                .nodeId("holder")
                .build();
        JdbcLockProvider operator =
            JdbcLockProvider.builder()
                .dataSource(operatorPool)
                .createTable(false)
                .nodeId("operator")
                .build()) {
      Pools.exec(holderPool, Pools.lockTableDdl("shedlock", 255, timestamp));
      LockAdmin admin = operator.admin().orElseThrow();
      assertThat(admin.list(null, 10).locks()).as("an empty table").isEmpty();

      LockConfiguration config = LockConfiguration.of("admin-zones", Duration.ofMinutes(10));
      SimpleLock lock = holder.lock(config).orElseThrow();
      LockInfo info = admin.find("admin-zones").orElseThrow();
      assertThat(info.held()).as("held, by the database's UTC clock: " + info).isTrue();
      assertThat(info.nodeId()).isEqualTo("holder");
      assertThat(Duration.between(info.lockedAt(), info.lockUntil()))
          .isEqualTo(config.lockAtMostFor());
      // Zone mistakes are whole hours; the database runs on this machine.
      assertThat(Duration.between(Instant.now(), info.lockedAt()).abs())
          .as("locked at, as an instant: " + info)
          .isLessThan(Duration.ofMinutes(30));

      assertThat(admin.release("admin-zones")).map(LockInfo::owner).contains(info.owner());
      assertThat(admin.find("admin-zones").orElseThrow().held()).as("released").isFalse();
      assertThat(operator.lock(config)).as("free for another node").isPresent();
      lock.unlock();
    }
  }

  private static HikariDataSource pool(IsolatedDatabase db, String sessionZone) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(db.url());
    config.setUsername(db.user());
    config.setPassword(db.password());
    config.setMaximumPoolSize(2);
    config.setMinimumIdle(0);
    config.setConnectionInitSql(sessionZone);
    return new HikariDataSource(config);
  }
}
