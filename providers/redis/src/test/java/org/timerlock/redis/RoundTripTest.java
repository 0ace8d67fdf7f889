package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import redis.clients.jedis.Jedis;

/**
 * One command per operation in steady state, counted by the server itself ({@code INFO
 * commandstats}) on a private redis-server that nothing else uses.
 *
 * <p>The server counts the commands a Lua script runs too ({@code GET}, {@code PTTL}, {@code
 * PEXPIRE}, {@code DEL} inside the release and extend scripts): those run on the server within the
 * one {@code EVALSHA}. What the client sends is {@code SET} and {@code EVALSHA}; the exact maps
 * below show both.
 */
class RoundTripTest {

  private static final int CYCLES = 25;
  private static final long CALLS = CYCLES;

  private static RedisServerProcess server;
  private static RedisLockProvider provider;
  private static RedisLockProvider other;
  private static Jedis admin;

  @BeforeAll
  static void start() {
    server = RedisServerProcess.launch();
    provider = RedisLockProvider.builder().uri(server.uri()).nodeId("counted").build();
    other = RedisLockProvider.builder().uri(server.uri()).nodeId("other").build();
    admin = new Jedis("127.0.0.1", server.port());
  }

  /** Connections opened, both scripts in the server's cache (another test flushes it). */
  @BeforeEach
  void warmUp() {
    for (RedisLockProvider p : new RedisLockProvider[] {provider, other}) {
      SimpleLock lock =
          p.lock(LockConfiguration.of("warm-up", Duration.ofMinutes(1))).orElseThrow();
      lock.extend(Duration.ofMinutes(1), Duration.ZERO).orElseThrow().unlock();
    }
  }

  @AfterAll
  static void stop() {
    provider.close();
    other.close();
    admin.close();
    server.close();
  }

  @Test
  void acquireAndReleaseCostOneCommandEach() {
    CommandStats before = CommandStats.of(admin);
    for (int i = 0; i < CYCLES; i++) {
      provider
          .lock(LockConfiguration.of("cycle-" + i, Duration.ofMinutes(1)))
          .orElseThrow()
          .unlock();
    }
    Map<String, Long> delta = CommandStats.of(admin).since(before);
    assertThat(delta)
        .as("commands for %d acquire/release cycles", CYCLES)
        .isEqualTo(
            Map.of(
                "set", CALLS, // sent: acquire
                "evalsha", CALLS, // sent: release
                "get", CALLS, // in the script: owner check
                "pttl", CALLS, // in the script: what is left of lockAtLeastFor
                "del", CALLS)); // in the script: nothing left, delete
    assertThat(admin.keys("job-lock:default:cycle-*")).as("released keys are gone").isEmpty();
  }

  @Test
  void releaseKeepingLockAtLeastForIsOneCommand() {
    CommandStats before = CommandStats.of(admin);
    for (int i = 0; i < CYCLES; i++) {
      provider
          .lock(new LockConfiguration("least-" + i, Duration.ofMinutes(1), Duration.ofSeconds(30)))
          .orElseThrow()
          .unlock();
    }
    Map<String, Long> delta = CommandStats.of(admin).since(before);
    assertThat(delta)
        .as("sent: SET, EVALSHA; in the script: GET, PTTL, PEXPIRE")
        .isEqualTo(
            Map.of("set", CALLS, "evalsha", CALLS, "get", CALLS, "pttl", CALLS, "pexpire", CALLS));
    long ttl = admin.pttl("job-lock:default:least-0");
    assertThat(ttl).as("kept for what is left of lockAtLeastFor").isBetween(20_000L, 30_000L);
  }

  @Test
  void refusedAcquisitionIsOneCommand() {
    LockConfiguration config = LockConfiguration.of("refused", Duration.ofMinutes(1));
    SimpleLock held = other.lock(config).orElseThrow();
    try {
      CommandStats before = CommandStats.of(admin);
      for (int i = 0; i < CYCLES; i++) {
        assertThat(provider.lock(config)).isEmpty();
      }
      assertThat(CommandStats.of(admin).since(before)).isEqualTo(Map.of("set", (long) CYCLES));
    } finally {
      held.unlock();
    }
  }

  @Test
  void extendIsOneCommand() {
    SimpleLock lock =
        provider.lock(LockConfiguration.of("extended", Duration.ofMinutes(1))).orElseThrow();
    CommandStats before = CommandStats.of(admin);
    for (int i = 0; i < CYCLES; i++) {
      lock = lock.extend(Duration.ofMinutes(2), Duration.ZERO).orElseThrow();
    }
    assertThat(CommandStats.of(admin).since(before))
        .as("sent: EVALSHA; in the script: GET, PEXPIRE")
        .isEqualTo(Map.of("evalsha", CALLS, "get", CALLS, "pexpire", CALLS));
    assertThat(admin.pttl("job-lock:default:extended")).isGreaterThan(60_000L);
    lock.unlock();
  }

  @Test
  void scriptsAreSentAgainWhenTheServerForgotThem() {
    SimpleLock lock =
        provider.lock(LockConfiguration.of("flushed", Duration.ofMinutes(1))).orElseThrow();
    admin.scriptFlush();
    CommandStats before = CommandStats.of(admin);
    lock.unlock();
    Map<String, Long> delta = CommandStats.of(admin).since(before);
    assertThat(delta).as("EVALSHA refused with NOSCRIPT, then EVAL").containsEntry("eval", 1L);
    assertThat(admin.exists("job-lock:default:flushed")).as("released by the EVAL").isFalse();

    before = CommandStats.of(admin);
    provider.lock(LockConfiguration.of("flushed", Duration.ofMinutes(1))).orElseThrow().unlock();
    assertThat(CommandStats.of(admin).since(before))
        .as("steady state again: the EVAL cached the script")
        .isEqualTo(Map.of("set", 1L, "evalsha", 1L, "get", 1L, "pttl", 1L, "del", 1L));
  }

  @Test
  void keyValueAndTtlAreShedLocksFormatWithAUniqueOwner() {
    LockConfiguration config = LockConfiguration.of("format", Duration.ofSeconds(90));
    SimpleLock first = provider.lock(config).orElseThrow();
    String key = "job-lock:default:format";
    String firstOwner = admin.get(key);
    assertThat(firstOwner).startsWith("counted/");
    assertThat(admin.pttl(key)).isBetween(80_000L, 90_000L);
    first.unlock();
    Optional<SimpleLock> second = provider.lock(config);
    assertThat(admin.get(key))
        .as("a new owner value per acquisition")
        .startsWith("counted/")
        .isNotEqualTo(firstOwner);
    second.orElseThrow().unlock();
  }
}
