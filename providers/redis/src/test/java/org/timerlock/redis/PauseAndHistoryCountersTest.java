package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.RunKind;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.teststores.RedisServerProcess;
import redis.clients.jedis.Jedis;

/**
 * What pauses and the history cost, counted by the server ({@code INFO commandstats}, {@code
 * rdb_changes_since_last_save}) on a private redis-server: a paused lock is refused by the acquire
 * script with reads only; the release appends to the history in its one command; the history stays
 * bounded; pause, resume, a missed slot and a history read are one command each.
 */
class PauseAndHistoryCountersTest {

  private static final int CYCLES = 25;
  private static final int MAX_PER_LOCK = 5;

  private static RedisServerProcess server;
  private static RedisLockProvider plain;
  private static RedisLockProvider recording;
  private static LockAdmin admin;
  private static Jedis redis;

  @BeforeAll
  static void start() {
    server = RedisServerProcess.launch();
    plain = RedisLockProvider.builder().uri(server.uri()).nodeId("plain").build();
    recording =
        RedisLockProvider.builder()
            .uri(server.uri())
            .nodeId("recording")
            .history(new HistorySettings(true, MAX_PER_LOCK, Duration.ofDays(30)))
            .build();
    admin = recording.admin().orElseThrow();
    redis = new Jedis("127.0.0.1", server.port());
  }

  /** Connections opened and every script cached, so that each operation below is its EVALSHA. */
  @BeforeEach
  void warmUp() {
    LockConfiguration config = LockConfiguration.of("warm-up", Duration.ofMinutes(1));
    plain.lock(config).orElseThrow().unlock();
    recording.lock(config).orElseThrow().unlock();
    admin.pause("warm-up", Instant.now().plusSeconds(3600), "warm-up");
    admin.resume("warm-up", "warm-up");
    admin.recordMissed("warm-up", Instant.parse("2030-01-01T00:00:00Z"), "warm-up");
    admin.history("warm-up", 1);
  }

  @AfterAll
  static void stop() {
    plain.close();
    recording.close();
    redis.close();
    server.close();
  }

  @Test
  void aPausedLockIsRefusedWithReadsOnly() {
    LockConfiguration config = LockConfiguration.of("paused", Duration.ofMinutes(1));
    admin.pause(config.name(), null, "ops");

    CommandStats before = CommandStats.of(redis);
    long changes = changes();
    for (int i = 0; i < CYCLES; i++) {
      assertThat(plain.tryLock(config).outcome()).isEqualTo(Outcome.PAUSED);
    }
    assertThat(CommandStats.of(redis).since(before))
        .as("an open-ended pause: EVALSHA; in the script: GET, HGET pause")
        .isEqualTo(Map.of("evalsha", (long) CYCLES, "get", (long) CYCLES, "hget", (long) CYCLES));

    assertThat(changes()).as("changes to replicate or append").isEqualTo(changes);

    admin.pause(config.name(), Instant.now().plusSeconds(3600), "ops");
    Instant fire = Instant.parse("2030-01-01T00:00:00Z");
    before = CommandStats.of(redis);
    changes = changes();
    for (int i = 0; i < CYCLES; i++) {
      assertThat(plain.tryLock(config.forFire(fire)).outcome()).isEqualTo(Outcome.PAUSED);
    }
    assertThat(CommandStats.of(redis).since(before))
        .as("a pause with an end, for a fire: EVALSHA; GET, HGET fire, HGET pause, TIME")
        .isEqualTo(
            Map.of(
                "evalsha", (long) CYCLES,
                "get", (long) CYCLES,
                "hget", 2L * CYCLES,
                "time", (long) CYCLES));
    assertThat(changes()).as("changes to replicate or append").isEqualTo(changes);
    assertThat(redis.hget(plain.stateKey(config.name()), "fire"))
        .as("a fire refused while paused is not recorded")
        .isNull();
  }

  @Test
  void pauseAndResumeAreOneScriptEach() {
    String name = "pause-counted";
    CommandStats before = CommandStats.of(redis);
    admin.pause(name, null, "ops");
    assertThat(CommandStats.of(redis).since(before))
        .as(
            "the pause script (HSET) and the look-up that returns the lock (GET, TIME, HGETs of"
                + " the fire, the owner, the token, the start, the run and the pause)")
        .isEqualTo(
            Map.of(
                "evalsha", 2L,
                "hset", 1L,
                "get", 1L,
                "time", 1L,
                "hget", 4L + RunFields.FIELDS.size() + 2L));
    assertThat(redis.hgetAll(plain.stateKey(name)))
        .isEqualTo(Map.of("pause_until", "open", "pause_by", "ops"));

    before = CommandStats.of(redis);
    assertThat(admin.resume(name, "ops")).isTrue();
    assertThat(CommandStats.of(redis).since(before))
        .as("resume: EVALSHA; HGET, HSET")
        .isEqualTo(Map.of("evalsha", 1L, "hget", 1L, "hset", 1L));
    assertThat(redis.hgetAll(plain.stateKey(name)))
        .isEqualTo(Map.of("pause_until", "", "pause_by", ""));

    long changes = changes();
    before = CommandStats.of(redis);
    assertThat(admin.resume("never-paused", "ops")).isFalse();
    assertThat(CommandStats.of(redis).since(before))
        .as("resuming a name that is not paused reads only")
        .isEqualTo(Map.of("evalsha", 1L, "hget", 1L));
    assertThat(changes()).isEqualTo(changes);
    assertThat(redis.exists(plain.stateKey("never-paused"))).isFalse();
  }

  @Test
  void theReleaseAppendsToTheHistoryInItsOneCommand() {
    CommandStats before = CommandStats.of(redis);
    for (int i = 0; i < CYCLES; i++) {
      recording
          .lock(LockConfiguration.of("recorded-" + i, Duration.ofMinutes(1)).manual())
          .orElseThrow()
          .unlock();
    }
    Map<String, Long> delta = CommandStats.of(redis).since(before);
    assertThat(delta)
        .as("two EVALSHA per cycle; the release's script also appends and trims")
        .containsEntry("evalsha", 2L * CYCLES)
        .containsEntry("xadd", (long) CYCLES)
        .containsEntry("xtrim", (long) CYCLES)
        .containsEntry("hset", 2L * CYCLES);
    RunRecord run = admin.history("recorded-0", 10).get(0);
    assertThat(run.kind()).isEqualTo(RunKind.MANUAL);
    assertThat(redis.hget(recording.stateKey("recorded-0"), "run_kind")).isEqualTo("MANUAL");
    assertThat(redis.type(recording.historyKey("recorded-0"))).isEqualTo("stream");
    plain.lock(LockConfiguration.of("not-recorded", Duration.ofMinutes(1))).orElseThrow().unlock();
    assertThat(redis.exists(plain.historyKey("not-recorded")))
        .as("no stream from a node without the history")
        .isFalse();
    assertThat(redis.hget(plain.stateKey("not-recorded"), "run_kind")).isEqualTo("SCHEDULED");
  }

  /**
   * Hundreds of runs of one lock leave a stream of about max-per-lock entries: "~" trims whole
   * internal nodes ({@code stream-node-max-entries}, 100 by default), so it may hold up to one node
   * more; a read shows exactly max-per-lock.
   */
  @Test
  void theStreamStaysBounded() {
    LockConfiguration config = LockConfiguration.of("bounded", Duration.ofMinutes(1));
    for (int i = 0; i < 500; i++) {
      recording.lock(config).orElseThrow().unlock();
    }
    long node =
        Long.parseLong(redis.configGet("stream-node-max-entries").get("stream-node-max-entries"));
    assertThat(redis.xlen(recording.historyKey("bounded")))
        .as("entries kept of 500")
        .isBetween((long) MAX_PER_LOCK, MAX_PER_LOCK + node);
    assertThat(admin.history("bounded", 100)).hasSize(MAX_PER_LOCK);
  }

  @Test
  void aMissedSlotAndAHistoryReadAreOneCommandEach() {
    Instant slot = Instant.parse("2030-02-01T00:00:00Z");
    CommandStats before = CommandStats.of(redis);
    admin.recordMissed("missed", slot, "watcher");
    assertThat(CommandStats.of(redis).since(before))
        .as("EVALSHA; TIME, XADD, XTRIM")
        .isEqualTo(Map.of("evalsha", 1L, "time", 1L, "xadd", 1L, "xtrim", 1L));

    before = CommandStats.of(redis);
    RunRecord missed = admin.history("missed", 10).get(0);
    assertThat(CommandStats.of(redis).since(before))
        .as("EVALSHA; TIME, XREVRANGE")
        .isEqualTo(Map.of("evalsha", 1L, "time", 1L, "xrevrange", 1L));
    assertThat(missed.outcome()).isEqualTo(RunOutcome.MISSED);
    assertThat(missed.fire()).isEqualTo(slot);

    before = CommandStats.of(redis);
    plain.admin().orElseThrow().recordMissed("missed", slot, "watcher");
    assertThat(plain.admin().orElseThrow().history("missed", 10)).as("history off").isEmpty();
    assertThat(CommandStats.of(redis).since(before))
        .as("nothing sent with the history off")
        .isEmpty();
  }

  /** The server's count of changes since the last save: what replication and the AOF carry. */
  private static long changes() {
    for (String line : redis.info("persistence").split("\r?\n")) {
      if (line.startsWith("rdb_changes_since_last_save:")) {
        return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
      }
    }
    throw new AssertionError("no rdb_changes_since_last_save in INFO persistence");
  }
}
