package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.SocketException;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.RedisServerProcess;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * With {@code wait-for-replicas}, the acquisition succeeded and then {@code WAIT} failed: refused
 * by the ACL, a connection reset, anything. The lock key must be given up at once (no node could
 * take the name until lockAtMostFor has passed otherwise), the failure reported, and the fencing
 * token must not go back.
 */
class ReplicaWaitFailureTest {

  private static final String ADMIN_PASSWORD = "adm-S3cret-pw";
  private static final String LOCKER_PASSWORD = "lck-S3cret-pw";

  private static RedisServerProcess server;

  @BeforeAll
  static void start() {
    server = RedisServerProcess.launch("--requirepass", ADMIN_PASSWORD);
    try (Jedis admin = admin()) {
      // The documented ACL without the permission wait-for-replicas needs (+wait).
      admin.aclSetUser(
          "locker",
          "on",
          ">" + LOCKER_PASSWORD,
          "resetkeys",
          "~wait:*",
          "-@all",
          "+evalsha",
          "+eval",
          "+get",
          "+set",
          "+pttl",
          "+pexpire",
          "+del",
          "+hget",
          "+hset",
          "+time",
          "+ping");
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Jedis admin() {
    Jedis admin = new Jedis("127.0.0.1", server.port());
    admin.auth(ADMIN_PASSWORD);
    return admin;
  }

  private static RedisLockProvider plain() {
    return RedisLockProvider.builder()
        .uri(server.uri())
        .password(ADMIN_PASSWORD)
        .keyPrefix("wait")
        .build();
  }

  @Test
  void waitRefusedByTheAclGivesTheKeyUpAndKeepsTheToken() {
    String name = "noperm";
    Instant fire = Instant.parse("2031-05-01T10:00:00Z");
    LockConfiguration config = LockConfiguration.of(name, Duration.ofMinutes(10)).forFire(fire);
    try (RedisLockProvider waiting =
            RedisLockProvider.builder()
                .uri("redis://locker:" + LOCKER_PASSWORD + "@127.0.0.1:" + server.port())
                .keyPrefix("wait")
                .waitForReplicas(1, Duration.ofMillis(200))
                .build();
        RedisLockProvider other = plain();
        Jedis admin = admin()) {
      assertThatThrownBy(() -> waiting.tryLock(config))
          .isInstanceOf(LockException.class)
          .hasMessageContaining("NOPERM")
          .hasMessageContaining("given up")
          .satisfies(e -> assertThat(e.toString()).doesNotContain(LOCKER_PASSWORD));
      assertThat(admin.exists(waiting.key(name))).as("the lock key was given up").isFalse();
      String token = admin.hget(waiting.stateKey(name), "token");
      assertThat(token).as("the token the failed acquisition was issued").isNotNull();

      // The fire stays recorded (documented): the given-up holder did not run it, but a late node
      // is not let in either.
      assertThat(other.tryLock(config).outcome()).isEqualTo(Outcome.ALREADY_RAN);
      LockAttempt next = other.tryLock(config.forFire(fire.plusSeconds(60)));
      assertThat(next.outcome()).as("the name is free at once").isEqualTo(Outcome.ACQUIRED);
      SimpleLock lock = next.lock().orElseThrow();
      assertThat(lock.fencingToken().orElseThrow())
          .as("giving up did not lower the token")
          .isGreaterThan(Long.parseLong(token));
      lock.unlock();
    }
  }

  @Test
  void waitOnAResetConnectionGivesTheKeyUp() {
    assertGivenUp(
        "reset",
        () -> new JedisConnectionException(new SocketException("Connection reset")),
        "connection failed");
  }

  @Test
  void anyOtherFailureOfWaitGivesTheKeyUp() {
    assertGivenUp("other", () -> new IllegalStateException("unexpected"), "unexpected");
  }

  /**
   * A client whose WAIT throws; every other command reaches the private server. (The subclass needs
   * a constructor of UnifiedJedis, which Jedis deprecates in favour of its builders.)
   */
  @SuppressWarnings("deprecation")
  private static void assertGivenUp(
      String name, Supplier<RuntimeException> failure, String reported) {
    DefaultJedisClientConfig clientConfig =
        DefaultJedisClientConfig.builder().password(ADMIN_PASSWORD).build();
    try (UnifiedJedis failingWait =
            new UnifiedJedis(new HostAndPort("127.0.0.1", server.port()), clientConfig) {
              @Override
              public long waitReplicas(String key, int replicas, long timeout) {
                throw failure.get();
              }
            };
        RedisLockProvider waiting =
            RedisLockProvider.builder()
                .client(failingWait, "Redis with a failing WAIT")
                .keyPrefix("wait")
                .waitForReplicas(1, Duration.ofMillis(200))
                .build();
        RedisLockProvider other = plain();
        Jedis admin = admin()) {
      LockConfiguration config = LockConfiguration.of(name, Duration.ofMinutes(10));
      assertThatThrownBy(() -> waiting.tryLock(config))
          .isInstanceOf(LockException.class)
          .hasMessageContaining("Redis with a failing WAIT could not acquire lock '" + name + "'")
          .hasMessageContaining(reported)
          .hasMessageContaining("given up");
      assertThat(admin.exists(waiting.key(name))).as("the lock key was given up").isFalse();
      long token = Long.parseLong(admin.hget(waiting.stateKey(name), "token"));
      SimpleLock lock = other.lock(config).orElseThrow();
      assertThat(lock.fencingToken().orElseThrow()).isGreaterThan(token);
      lock.unlock();
    }
  }
}
