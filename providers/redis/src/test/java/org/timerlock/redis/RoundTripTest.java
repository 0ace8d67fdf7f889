package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.RedisServerProcess;
import redis.clients.jedis.Jedis;

/**
 * One command per operation in steady state, counted by the server itself ({@code INFO
 * commandstats}) on a private redis-server that nothing else uses.
 *
 * <p>The server counts the commands a Lua script runs too ({@code GET}, {@code HGET} of the pause
 * and the token, {@code TIME}, {@code SET}, {@code HSET} inside the acquire script; {@code GET},
 * {@code PTTL}, {@code PEXPIRE}, {@code DEL} inside the release and extend scripts, and {@code
 * HGET}, {@code TIME}, {@code HSET} of the last run inside the release script): those run on the
 * server within the one {@code EVALSHA}. What the client sends is one {@code EVALSHA} per
 * operation; the exact maps below show both. A refusal, and a release that finds another holder,
 * run reads only, which the server's count of changes ({@code rdb_changes_since_last_save}, what
 * replication and the AOF would carry) confirms.
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
                "evalsha", 2 * CALLS, // sent: acquire, release
                "get", 2 * CALLS, // in the scripts: holder, owner check
                "time", 2 * CALLS, // acquire: token and start; release: the run's end
                "hget", 4 * CALLS, // acquire: pause, stored token; release: owner and start
                "set", CALLS, // acquire: the lock key
                "hset", 2 * CALLS, // acquire: token, owner, start; release: the last run
                "pttl", CALLS, // release: what is left of lockAtLeastFor
                "del", CALLS)); // release: nothing left, delete
    for (int i = 0; i < CYCLES; i++) {
      assertThat(admin.exists(provider.key("cycle-" + i))).as("released lock key").isFalse();
      assertThat(admin.type(provider.stateKey("cycle-" + i))).as("state, kept").isEqualTo("hash");
      assertThat(admin.hget(provider.stateKey("cycle-" + i), "run_outcome"))
          .as("the run, recorded by the release")
          .isEqualTo("SUCCEEDED");
    }
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
        .as(
            "sent: EVALSHA twice; in the scripts: GET, HGET pause, SET, TIME, HGET token, HSET;"
                + " GET, PTTL, PEXPIRE, HGET owner and start, TIME, HSET the run")
        .isEqualTo(
            Map.of(
                "evalsha", 2 * CALLS,
                "get", 2 * CALLS,
                "time", 2 * CALLS,
                "hget", 4 * CALLS,
                "set", CALLS,
                "hset", 2 * CALLS,
                "pttl", CALLS,
                "pexpire", CALLS));
    long ttl = admin.pttl("job-lock:default:least-0");
    assertThat(ttl).as("kept for what is left of lockAtLeastFor").isBetween(20_000L, 30_000L);
  }

  @Test
  void refusedAcquisitionIsOneCommandThatWritesNothing() {
    LockConfiguration config = LockConfiguration.of("refused", Duration.ofMinutes(1));
    SimpleLock held = other.lock(config).orElseThrow();
    try {
      CommandStats before = CommandStats.of(admin);
      long changes = changes();
      for (int i = 0; i < CYCLES; i++) {
        assertThat(provider.lock(config)).isEmpty();
      }
      assertThat(CommandStats.of(admin).since(before))
          .as("sent: EVALSHA; in the script: GET (the holder)")
          .isEqualTo(Map.of("evalsha", CALLS, "get", CALLS));
      assertThat(changes()).as("changes to replicate or append").isEqualTo(changes);
    } finally {
      held.unlock();
    }
  }

  @Test
  void aFireIsOneCommandAndItsRefusalsWriteNothing() {
    LockConfiguration config = LockConfiguration.of("fired", Duration.ofMinutes(1));
    Instant fire = Instant.parse("2030-01-01T00:00:00Z");
    CommandStats before = CommandStats.of(admin);
    SimpleLock held = provider.tryLock(config.forFire(fire)).lock().orElseThrow();
    assertThat(CommandStats.of(admin).since(before))
        .as("sent: EVALSHA; in the script: GET, HGET fire, HGET pause, SET, TIME, HGET token, HSET")
        .isEqualTo(Map.of("evalsha", 1L, "get", 1L, "hget", 3L, "set", 1L, "time", 1L, "hset", 1L));

    before = CommandStats.of(admin);
    long changes = changes();
    for (int i = 0; i < CYCLES; i++) {
      assertThat(other.tryLock(config.forFire(fire.plusSeconds(60))).outcome())
          .isEqualTo(Outcome.HELD_ELSEWHERE);
    }
    held.unlock();
    Map<String, Long> heldElsewhere = CommandStats.of(admin).since(before);
    assertThat(heldElsewhere)
        .as("refusals while held: EVALSHA, GET, HGET fire each; then one release with its run")
        .isEqualTo(
            Map.of(
                "evalsha", CALLS + 1, "get", CALLS + 1, "hget", CALLS + 2, "pttl", 1L, "del", 1L,
                "time", 1L, "hset", 1L));
    // The server counts DEL as one change and an HSET as one per field it sets.
    assertThat(changes())
        .as("only the release changed something")
        .isEqualTo(changes + 1 + RunFields.FIELDS.size());

    before = CommandStats.of(admin);
    changes = changes();
    for (int i = 0; i < CYCLES; i++) {
      assertThat(other.tryLock(config.forFire(fire)).outcome()).isEqualTo(Outcome.ALREADY_RAN);
    }
    assertThat(CommandStats.of(admin).since(before))
        .as("refusals of a fire that ran, with no lock key: EVALSHA, GET, HGET fire each")
        .isEqualTo(Map.of("evalsha", CALLS, "get", CALLS, "hget", CALLS));
    assertThat(changes()).as("changes to replicate or append").isEqualTo(changes);
  }

  /**
   * A release that finds the key taken over by another node (its lease ran out) writes nothing: no
   * run, no change; the other node's lock stays.
   */
  @Test
  void aReleaseThatFindsAnotherHolderWritesNothing() throws InterruptedException {
    LockConfiguration config = LockConfiguration.of("taken-over", Duration.ofMillis(200));
    SimpleLock expired = provider.lock(config).orElseThrow();
    Thread.sleep(400);
    SimpleLock current =
        other.lock(LockConfiguration.of("taken-over", Duration.ofMinutes(1))).orElseThrow();
    Map<String, String> state = admin.hgetAll(provider.stateKey("taken-over"));
    CommandStats before = CommandStats.of(admin);
    long changes = changes();
    expired.unlock();
    assertThat(CommandStats.of(admin).since(before))
        .as("sent: EVALSHA; in the script: GET (another holder)")
        .isEqualTo(Map.of("evalsha", 1L, "get", 1L));
    assertThat(changes()).as("changes to replicate or append").isEqualTo(changes);
    assertThat(admin.hgetAll(provider.stateKey("taken-over"))).isEqualTo(state);
    current.unlock();
  }

  /**
   * A release that finds its key expired, no one else holding it, records LOCK_LOST in its one
   * command.
   */
  @Test
  void aLostLockIsRecordedByTheReleaseItself() throws InterruptedException {
    SimpleLock lock =
        provider.lock(LockConfiguration.of("lost", Duration.ofMillis(200))).orElseThrow();
    Thread.sleep(400);
    CommandStats before = CommandStats.of(admin);
    lock.unlock();
    assertThat(CommandStats.of(admin).since(before))
        .as("sent: EVALSHA; in the script: GET, HGET owner and start, TIME, HSET the run")
        .isEqualTo(Map.of("evalsha", 1L, "get", 1L, "hget", 2L, "time", 1L, "hset", 1L));
    assertThat(admin.hget(provider.stateKey("lost"), "run_outcome")).isEqualTo("LOCK_LOST");
    assertThat(admin.hget(provider.stateKey("lost"), "run_node")).isEqualTo("counted");
  }

  /** The server's count of changes since the last save: what replication and the AOF carry. */
  private static long changes() {
    for (String line : admin.info("persistence").split("\r?\n")) {
      if (line.startsWith("rdb_changes_since_last_save:")) {
        return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
      }
    }
    throw new AssertionError("no rdb_changes_since_last_save in INFO persistence");
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

    admin.scriptFlush();
    before = CommandStats.of(admin);
    lock = provider.lock(LockConfiguration.of("flushed", Duration.ofMinutes(1))).orElseThrow();
    assertThat(CommandStats.of(admin).since(before))
        .as("the acquire script too: EVALSHA refused with NOSCRIPT, then EVAL")
        .containsEntry("eval", 1L)
        .containsEntry("set", 1L);
    lock.unlock();

    before = CommandStats.of(admin);
    provider.lock(LockConfiguration.of("flushed", Duration.ofMinutes(1))).orElseThrow().unlock();
    assertThat(CommandStats.of(admin).since(before))
        .as("steady state again: the EVALs cached both scripts")
        .containsEntry("evalsha", 2L)
        .doesNotContainKey("eval");
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
