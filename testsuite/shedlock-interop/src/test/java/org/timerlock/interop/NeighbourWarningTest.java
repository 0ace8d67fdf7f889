package org.timerlock.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.timerlock.core.LockConfiguration;
import org.timerlock.jdbc.JdbcLockProvider;
import org.timerlock.redis.RedisLockProvider;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.RedisNamespace;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;
import redis.clients.jedis.RedisClient;

/**
 * A TimerLock node warns, once per lock, about a ShedLock neighbour that breaks exclusion: one
 * writing its JVM's local time ahead of UTC into the lock table, one deleting TimerLock's Redis key
 * on a late release.
 */
class NeighbourWarningTest {

  private static final Duration MINUTE = Duration.ofMinutes(1);

  /** Runs in the build's Asia/Tokyo run of this module (UTC+9, no daylight saving time). */
  @Test
  @EnabledIfSystemProperty(named = "user.timezone", matches = "Asia/Tokyo")
  void aShedLockNodeWritingTokyoTimeIsNamedOncePerLock() throws Exception {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource pool = MatrixStores.pool(db);
        JdbcLockProvider timerLock =
            JdbcLockProvider.builder().dataSource(pool).createTable(false).build();
        JdbcLockProvider otherTimerLock =
            JdbcLockProvider.builder().dataSource(pool).createTable(false).build();
        LogCapture log = new LogCapture(JdbcLockProvider.class)) {
      MatrixStores.createShedLockTable(pool, "shedlock", "TIMESTAMP");
      var shedLock =
          new JdbcTemplateLockProvider(
              JdbcTemplateLockProvider.Configuration.builder()
                  .withJdbcTemplate(new JdbcTemplate(pool))
                  .build());

      otherTimerLock.lock(LockConfiguration.of("timerlock-holds", MINUTE)).orElseThrow();
      for (int i = 0; i < 3; i++) {
        assertThat(timerLock.lock(LockConfiguration.of("timerlock-holds", MINUTE))).isEmpty();
      }
      assertThat(log.warnings()).as("a TimerLock holder is no suspect").isEmpty();

      for (String name : new String[] {"report", "export"}) {
        SimpleLock held = shedLock(shedLock, name).orElseThrow();
        for (int i = 0; i < 3; i++) {
          assertThat(timerLock.lock(LockConfiguration.of(name, MINUTE)))
              .as("ShedLock's Tokyo time looks 9 hours ahead to TimerLock")
              .isEmpty();
        }
        held.unlock();
        assertThat(timerLock.lock(LockConfiguration.of(name, MINUTE)))
            .as("locked out after ShedLock's release")
            .isEmpty();
      }
      assertThat(log.warnings()).hasSize(2);
      assertThat(log.warnings().get(0))
          .startsWith("TIMERLOCK-314 Lock 'report' in table shedlock on PostgreSQL")
          .contains("not a TimerLock node, with locked_at 9 h 0 min ahead of the database clock")
          .contains("ShedLock node without usingDbTime() in a time zone ahead of UTC")
          .contains("Switch the ShedLock nodes to usingDbTime()");
      assertThat(log.warnings().get(1)).startsWith("TIMERLOCK-314 Lock 'export' ");
    }
  }

  @Test
  void aShedLockNodeDeletingTimerLocksRedisKeyIsNamedOncePerLock() throws Exception {
    RedisNamespace redis = TestStores.redisNamespace(getClass());
    URI uri = URI.create(redis.uri());
    JedisConnectionFactory connections =
        new JedisConnectionFactory(new RedisStandaloneConfiguration(uri.getHost(), uri.getPort()));
    connections.afterPropertiesSet();
    connections.start();
    try (RedisLockProvider timerLock =
            RedisLockProvider.builder().uri(redis.uri()).keyPrefix(redis.keyPrefix()).build();
        RedisClient client = RedisClient.create(uri);
        LogCapture log = new LogCapture(RedisLockProvider.class)) {
      var shedLock =
          new net.javacrumbs.shedlock.provider.redis.spring.RedisLockProvider.Builder(connections)
              .keyPrefix(redis.keyPrefix())
              .build();
      try {
        for (int run = 0; run < 2; run++) {
          SimpleLock overrunning =
              shedLock
                  .lock(
                      new net.javacrumbs.shedlock.core.LockConfiguration(
                          ClockProvider.now(), "report", Duration.ofMillis(500), Duration.ZERO))
                  .orElseThrow();
          org.timerlock.core.SimpleLock ours = poll(timerLock, "report");
          overrunning.unlock(); // late: deletes TimerLock's key
          ours.unlock();
        }
        assertThat(log.warnings())
            .filteredOn(w -> w.contains("safeUpdate(true)"))
            .as("one explanation for the lock, however often it happens")
            .hasSize(1)
            .first()
            .asString()
            .startsWith(
                "TIMERLOCK-411 Lock 'report' (key "
                    + redis.keyPrefix()
                    + ":default:report) was deleted")
            .contains("ShedLock node whose RedisLockProvider runs without safeUpdate(true)");
      } finally {
        MatrixStores.deleteKeys(client, redis.keyPrefix());
        connections.destroy();
      }
    }
  }

  private static Optional<SimpleLock> shedLock(JdbcTemplateLockProvider provider, String name) {
    return provider.lock(
        new net.javacrumbs.shedlock.core.LockConfiguration(
            ClockProvider.now(), name, MINUTE, Duration.ZERO));
  }

  /** TimerLock takes the lock once ShedLock's short lease has run out. */
  private static org.timerlock.core.SimpleLock poll(RedisLockProvider provider, String name) {
    Instant deadline = Instant.now().plusSeconds(10);
    while (true) {
      Optional<org.timerlock.core.SimpleLock> lock =
          provider.lock(LockConfiguration.of(name, MINUTE));
      if (lock.isPresent()) {
        return lock.get();
      }
      assertThat(Instant.now()).as("TimerLock took the expired lock").isBefore(deadline);
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }
}
