package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.RedisNamespace;
import org.timerlock.teststores.RedisServerProcess;
import org.timerlock.teststores.TestStores;
import redis.clients.jedis.RedisClient;

/**
 * ShedLock's Redis provider (Spring Data Redis) and TimerLock on the same keys exclude each other,
 * so a fleet can move from one to the other node by node.
 */
class ShedLockInteropTest {

  private static final String ENVIRONMENT = "interop";
  private static final RedisNamespace REDIS = TestStores.redisNamespace(ShedLockInteropTest.class);

  private static JedisConnectionFactory connections;
  private static net.javacrumbs.shedlock.provider.redis.spring.RedisLockProvider shedLock;
  private static RedisLockProvider timerLock;
  private static RedisClient check;

  @BeforeAll
  static void start() {
    URI uri = URI.create(REDIS.uri());
    connections =
        new JedisConnectionFactory(new RedisStandaloneConfiguration(uri.getHost(), uri.getPort()));
    connections.afterPropertiesSet();
    connections.start();
    shedLock =
        new net.javacrumbs.shedlock.provider.redis.spring.RedisLockProvider(
            connections, ENVIRONMENT, REDIS.keyPrefix());
    timerLock =
        RedisLockProvider.builder()
            .uri(REDIS.uri())
            .keyPrefix(REDIS.keyPrefix())
            .environment(ENVIRONMENT)
            .build();
    check = RedisClient.create(uri);
  }

  @AfterAll
  static void stop() {
    timerLock.close();
    connections.destroy();
    try {
      RedisLockProviderContractTest.deleteAll(check, REDIS.keyPrefix());
    } finally {
      check.close();
    }
  }

  private static Optional<net.javacrumbs.shedlock.core.SimpleLock> shedLock(
      String name, Duration atMostFor, Duration atLeastFor) {
    return shedLock.lock(
        new net.javacrumbs.shedlock.core.LockConfiguration(
            Instant.now(), name, atMostFor, atLeastFor));
  }

  private static String key(String name) {
    return REDIS.keyPrefix() + ":" + ENVIRONMENT + ":" + name;
  }

  @Test
  void bothUseTheSameKey() {
    assertThat(timerLock.key("report")).isEqualTo(key("report"));
    net.javacrumbs.shedlock.core.SimpleLock held =
        shedLock("same-key", Duration.ofMinutes(1), Duration.ZERO).orElseThrow();
    assertThat(check.exists(key("same-key"))).as("ShedLock wrote the key TimerLock uses").isTrue();
    held.unlock();
    SimpleLock ours =
        timerLock.lock(LockConfiguration.of("same-key", Duration.ofMinutes(1))).orElseThrow();
    assertThat(check.get(key("same-key"))).as("TimerLock's owner value").isNotNull();
    ours.unlock();
  }

  @Test
  void shedLockHolderExcludesTimerLock() {
    String name = "shedlock-first";
    net.javacrumbs.shedlock.core.SimpleLock held =
        shedLock(name, Duration.ofMinutes(1), Duration.ZERO).orElseThrow();
    assertThat(timerLock.lock(LockConfiguration.of(name, Duration.ofMinutes(1))))
        .as("TimerLock while ShedLock holds")
        .isEmpty();
    held.unlock();
    Optional<SimpleLock> ours = timerLock.lock(LockConfiguration.of(name, Duration.ofMinutes(1)));
    assertThat(ours).as("TimerLock after ShedLock released").isPresent();
    ours.get().unlock();
  }

  @Test
  void timerLockHolderExcludesShedLock() {
    String name = "timerlock-first";
    SimpleLock ours =
        timerLock.lock(LockConfiguration.of(name, Duration.ofMinutes(1))).orElseThrow();
    assertThat(shedLock(name, Duration.ofMinutes(1), Duration.ZERO))
        .as("ShedLock while TimerLock holds")
        .isEmpty();
    ours.unlock();
    Optional<net.javacrumbs.shedlock.core.SimpleLock> theirs =
        shedLock(name, Duration.ofMinutes(1), Duration.ZERO);
    assertThat(theirs).as("ShedLock after TimerLock released").isPresent();
    theirs.get().unlock();
  }

  @Test
  void lockAtLeastForIsHonouredBothWays() {
    String fromShedLock = "least-from-shedlock";
    shedLock(fromShedLock, Duration.ofMinutes(1), Duration.ofSeconds(30)).orElseThrow().unlock();
    assertThat(timerLock.lock(LockConfiguration.of(fromShedLock, Duration.ofMinutes(1))))
        .as("ShedLock's lockAtLeastFor keeps TimerLock out")
        .isEmpty();
    assertThat(check.pttl(key(fromShedLock))).isBetween(20_000L, 30_000L);

    String fromTimerLock = "least-from-timerlock";
    timerLock
        .lock(new LockConfiguration(fromTimerLock, Duration.ofMinutes(1), Duration.ofSeconds(30)))
        .orElseThrow()
        .unlock();
    assertThat(shedLock(fromTimerLock, Duration.ofMinutes(1), Duration.ZERO))
        .as("TimerLock's lockAtLeastFor keeps ShedLock out")
        .isEmpty();
    assertThat(check.pttl(key(fromTimerLock))).isBetween(20_000L, 30_000L);
  }

  @Test
  void aStaleTimerLockReleaseDoesNotFreeShedLocksLock() {
    String name = "stale-release";
    SimpleLock stale =
        timerLock.lock(LockConfiguration.of(name, Duration.ofMillis(300))).orElseThrow();
    RedisServerProcess.sleep(600);
    net.javacrumbs.shedlock.core.SimpleLock theirs =
        shedLock(name, Duration.ofMinutes(1), Duration.ZERO).orElseThrow();
    stale.unlock();
    assertThat(check.exists(key(name))).as("ShedLock's lock survives the stale release").isTrue();
    assertThat(check.hget(timerLock.stateKey(name), "run_outcome"))
        .as("no run recorded while another owner holds the key")
        .isNull();
    assertThat(timerLock.lock(LockConfiguration.of(name, Duration.ofMinutes(1)))).isEmpty();
    theirs.unlock();
  }

  @Test
  void aGuardedFireTakesTheSameKeyAsShedLock() {
    String name = "guarded-fire";
    Instant fire = Instant.parse("2030-01-01T00:00:00Z");
    LockConfiguration config = LockConfiguration.of(name, Duration.ofMinutes(1)).forFire(fire);
    net.javacrumbs.shedlock.core.SimpleLock theirs =
        shedLock(name, Duration.ofMinutes(1), Duration.ZERO).orElseThrow();
    assertThat(timerLock.tryLock(config).outcome())
        .as("a fire while ShedLock holds the key")
        .isEqualTo(LockAttempt.Outcome.HELD_ELSEWHERE);
    theirs.unlock();

    SimpleLock ours = timerLock.tryLock(config).lock().orElseThrow();
    assertThat(check.type(key(name))).as("the lock key stays a string").isEqualTo("string");
    assertThat(check.pttl(key(name))).isBetween(50_000L, 60_000L);
    assertThat(shedLock(name, Duration.ofMinutes(1), Duration.ZERO))
        .as("ShedLock while a guarded fire holds")
        .isEmpty();
    ours.unlock();
    assertThat(timerLock.tryLock(config).outcome())
        .as("ShedLock does not know fires; TimerLock nodes still refuse this one")
        .isEqualTo(LockAttempt.Outcome.ALREADY_RAN);
    Optional<net.javacrumbs.shedlock.core.SimpleLock> after =
        shedLock(name, Duration.ofMinutes(1), Duration.ZERO);
    assertThat(after).as("ShedLock looks at the lock key only").isPresent();
    after.get().unlock();
  }
}
