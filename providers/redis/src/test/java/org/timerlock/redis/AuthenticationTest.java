package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.spi.ProviderSettings;
import org.timerlock.teststores.RedisServerProcess;
import redis.clients.jedis.Jedis;

/**
 * A private redis-server with a password for the default user and ACL users: the right credentials
 * work, wrong ones are reported without ever showing a password.
 */
class AuthenticationTest {

  private static final String DEFAULT_PASSWORD = "dflt-S3cret-pw";
  private static final String LOCKER_PASSWORD = "lck-S3cret-pw";
  private static final String WRONG_PASSWORD = "wrong-S3cret-pw";

  private static RedisServerProcess server;

  @BeforeAll
  static void start() {
    server = RedisServerProcess.launch("--requirepass", DEFAULT_PASSWORD);
    try (Jedis admin = new Jedis("127.0.0.1", server.port())) {
      admin.auth(DEFAULT_PASSWORD);
      // Exactly what the provider needs, on its own keys only.
      admin.aclSetUser(
          "locker",
          "on",
          ">" + LOCKER_PASSWORD,
          "resetkeys",
          "~locks:*",
          "-@all",
          "+set",
          "+get",
          "+pttl",
          "+pexpire",
          "+del",
          "+hget",
          "+hset",
          "+time",
          "+eval",
          "+evalsha",
          "+ping");
      admin.aclSetUser(
          "stranger", "on", ">" + LOCKER_PASSWORD, "resetkeys", "~other:*", "-@all", "+set");
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static void assertLocks(LockProvider provider, String name) {
    LockConfiguration config =
        new LockConfiguration(name, Duration.ofMinutes(1), Duration.ofMillis(1));
    Optional<SimpleLock> lock = provider.lock(config);
    assertThat(lock).as("lock '%s'", name).isPresent();
    assertThat(provider.lock(config)).as("held").isEmpty();
    lock.get().extend(Duration.ofMinutes(1), Duration.ZERO).orElseThrow().unlock();
    Optional<SimpleLock> again = provider.lock(config);
    assertThat(again).as("released").isPresent();
    again.get().unlock();
  }

  private static void assertNoPasswordIn(Throwable e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    assertThat(trace.toString())
        .doesNotContain(DEFAULT_PASSWORD)
        .doesNotContain(LOCKER_PASSWORD)
        .doesNotContain(WRONG_PASSWORD);
  }

  @Test
  void passwordInTheUri() {
    try (RedisLockProvider provider =
        RedisLockProvider.builder()
            .uri("redis://:" + DEFAULT_PASSWORD + "@127.0.0.1:" + server.port())
            .build()) {
      assertLocks(provider, "password-in-uri");
      assertThat(provider.description()).doesNotContain(DEFAULT_PASSWORD);
      assertThat(provider.toString()).doesNotContain(DEFAULT_PASSWORD);
    }
  }

  @Test
  void passwordSeparately() {
    try (RedisLockProvider provider =
        RedisLockProvider.builder().uri(server.uri()).password(DEFAULT_PASSWORD).build()) {
      assertLocks(provider, "password-separately");
    }
  }

  @Test
  void aclUserWithOnlyTheCommandsItNeeds() {
    try (RedisLockProvider provider =
        RedisLockProvider.builder()
            .uri("redis://locker:" + LOCKER_PASSWORD + "@127.0.0.1:" + server.port())
            .keyPrefix("locks")
            .build()) {
      assertLocks(provider, "acl-user");
    }
  }

  @Test
  void aclUserFromTheFactory() {
    Map<String, String> values =
        Map.of(
            RedisSettings.URI.name(),
            "redis://127.0.0.1:" + server.port(),
            RedisSettings.USERNAME.name(),
            "locker",
            RedisSettings.PASSWORD.name(),
            LOCKER_PASSWORD,
            RedisSettings.KEY_PREFIX.name(),
            "locks");
    LockProvider provider = new RedisLockProviderFactory().create(settings(values));
    try {
      assertLocks(provider, "acl-factory");
    } finally {
      ((RedisLockProvider) provider).close();
    }
  }

  @Test
  void wrongPasswordIsReportedWithoutIt() {
    try (RedisLockProvider provider =
        RedisLockProvider.builder()
            .uri("redis://locker:" + WRONG_PASSWORD + "@127.0.0.1:" + server.port())
            .build()) {
      Throwable e = catchLockException(provider, "wrong-password");
      assertThat(e)
          .hasMessageContaining("Redis at " + server.address())
          .hasMessageContaining("authentication");
      assertNoPasswordIn(e);
    }
  }

  @Test
  void missingPasswordIsReported() {
    try (RedisLockProvider provider = RedisLockProvider.builder().uri(server.uri()).build()) {
      Throwable e = catchLockException(provider, "no-password");
      assertThat(e)
          .hasMessageContaining("Redis at " + server.address())
          .hasMessageContainingAll("NOAUTH");
    }
  }

  @Test
  void aclUserWithoutAccessToTheKeysIsReported() {
    try (RedisLockProvider provider =
        RedisLockProvider.builder()
            .uri("redis://stranger:" + LOCKER_PASSWORD + "@127.0.0.1:" + server.port())
            .keyPrefix("locks")
            .build()) {
      Throwable e = catchLockException(provider, "no-access");
      assertThat(e)
          .hasMessageContaining("Redis at " + server.address())
          .hasMessageContaining("NOPERM");
      assertNoPasswordIn(e);
    }
  }

  private static Throwable catchLockException(LockProvider provider, String name) {
    try {
      provider.lock(LockConfiguration.of(name, Duration.ofMinutes(1)));
    } catch (LockException e) {
      return e;
    }
    throw new AssertionError("expected a LockException for lock '" + name + "'");
  }

  static ProviderSettings settings(Map<String, String> values) {
    return new ProviderSettings() {
      @Override
      public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key)).filter(v -> !v.isEmpty());
      }

      @Override
      public String nodeId() {
        return "test-node";
      }
    };
  }
}
