package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.RedisNamespace;
import org.timerlock.teststores.TestStores;
import redis.clients.jedis.RedisClient;

/**
 * Lock names longer than {@link RedisLockProvider#MAX_NAME_LENGTH} are refused before anything is
 * sent, with the same limit that deployment validation reads from {@code maxNameLength()}.
 */
class NameLengthTest {

  @Test
  void theLimitIsDeclared() {
    try (RedisLockProvider provider = RedisLockProvider.builder().uri("redis://h").build()) {
      assertThat(provider.maxNameLength())
          .isEqualTo(RedisLockProvider.MAX_NAME_LENGTH)
          .isEqualTo(1024);
    }
  }

  /** A 50 MB name: refused at once, without reaching the store (nothing listens on port 1). */
  @Test
  void aHugeNameIsRefusedWithoutReachingRedis() {
    String name = "huge-report\n" + "x".repeat(50 * 1024 * 1024);
    LockConfiguration config = LockConfiguration.of(name, Duration.ofMinutes(1));
    try (RedisLockProvider provider =
        RedisLockProvider.builder().uri("redis://127.0.0.1:1").build()) {
      for (Runnable call :
          new Runnable[] {() -> provider.tryLock(config), () -> provider.lock(config)}) {
        assertThatThrownBy(call::run)
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("TIMERLOCK-405 The lock name starting 'huge-report\\nxxx")
            .hasMessageContaining("has " + name.length() + " characters")
            .hasMessageContaining("accepts at most 1024")
            .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(300));
      }
    }
  }

  /** A name cannot forge a log line: store failures print it with control characters escaped. */
  @Test
  void aNameIsPrintedEscapedInStoreFailures() {
    try (RedisLockProvider provider =
        RedisLockProvider.builder()
            .uri("redis://127.0.0.1:1")
            .connectTimeout(Duration.ofMillis(300))
            .build()) {
      assertThatThrownBy(
              () ->
                  provider.lock(LockConfiguration.of("job\nFAKE LOG LINE", Duration.ofMinutes(1))))
          .isInstanceOf(org.timerlock.core.LockException.class)
          .hasMessageContaining("could not acquire lock 'job\\nFAKE LOG LINE'")
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
  }

  @Test
  void theLongestNameWorksAndOneMoreIsRefused() {
    RedisNamespace redis = TestStores.redisNamespace(NameLengthTest.class);
    String longest = "\u00e9".repeat(RedisLockProvider.MAX_NAME_LENGTH);
    try (RedisLockProvider provider =
            RedisLockProvider.builder().uri(redis.uri()).keyPrefix(redis.keyPrefix()).build();
        RedisClient admin = RedisClient.create(URI.create(redis.uri()))) {
      try {
        SimpleLock lock =
            provider.lock(LockConfiguration.of(longest, Duration.ofMinutes(1))).orElseThrow();
        assertThat(admin.get(provider.key(longest))).isNotNull();
        lock.unlock();
        assertThatThrownBy(
                () -> provider.lock(LockConfiguration.of(longest + "x", Duration.ofMinutes(1))))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("has 1025 characters");
      } finally {
        RedisLockProviderContractTest.deleteAll(admin, redis.keyPrefix());
      }
    }
  }
}
