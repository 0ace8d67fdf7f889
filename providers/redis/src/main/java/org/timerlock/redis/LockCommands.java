package org.timerlock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.spi.Printable;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The commands on a lock, one round trip each: a Lua script that acquires (the lock key, in
 * ShedLock's format, and the name's {@linkplain StateKey state hash}), and Lua scripts that release
 * or extend only the caller's own acquisition (the lock key's value is its owner); the release also
 * records the run in the state hash.
 */
final class LockCommands {

  /**
   * Acquire. KEYS[1] the lock key, KEYS[2] the state hash; ARGV[1] the owner, ARGV[2] lockAtMostFor
   * in ms, ARGV[3] the fire in epoch ms or empty for a plain call. Answers {0, token} when
   * acquired, {1} when held elsewhere, {2} when the fire already ran, {3} when an operator paused
   * the lock. An acquisition also stores its owner and its start ({@code owner}, {@code started}:
   * the server's TIME in epoch ms) in the same HSET, for the release to record the run.
   *
   * <ul>
   *   <li>The lock key already holding this owner means this very attempt ran before and its answer
   *       was lost (a broken connection): it did acquire, with the token it stored (or, should the
   *       state hash have been deleted since, a new token; its fire was recorded then).
   *   <li>A refusal runs only reads (GET, HGET, TIME): nothing to replicate or append to the AOF.
   *   <li>The pause ({@code pause_until} in the state hash: empty or missing when not paused,
   *       {@code open} until resumed, else its end in epoch ms) is read only when the lock is free
   *       and the fire has not run, just before the SET: a held lock answers "held elsewhere" and a
   *       fire that ran "already ran" at the same cost as before, and a fire refused while paused
   *       is not recorded, so it runs after the resume. TIME is read for a pause with an end only.
   *   <li>The token is the server's TIME in microseconds, or one more than the stored token when
   *       that is not greater: it increases even when the state hash was lost (restart without
   *       persistence, deleted by hand), as long as the server's clock does not go back.
   *   <li>Numbers stay below 2^53, exact in Lua's doubles; the token is formatted without exponent.
   *   <li>TIME before writes needs effects replication: the default since Redis 5, the only mode
   *       since 7; asked for explicitly for older servers.
   * </ul>
   */
  static final LuaScript ACQUIRE =
      new LuaScript(
          "if redis.replicate_commands then redis.replicate_commands() end\n"
              + "local holder = redis.call('GET', KEYS[1])\n"
              + "local fire = ARGV[3]\n"
              + "local now = nil\n"
              + "if holder == ARGV[1] then\n"
              + "  local mine = redis.call('HGET', KEYS[2], 'token')\n"
              + "  if mine then return {0, mine} end\n"
              + "  fire = ''\n"
              + "else\n"
              + "  if fire ~= '' then\n"
              + "    local last = redis.call('HGET', KEYS[2], 'fire')\n"
              + "    if last and tonumber(last) >= tonumber(fire) then return {2} end\n"
              + "  end\n"
              + "  if holder then return {1} end\n"
              + "  local pause = redis.call('HGET', KEYS[2], 'pause_until')\n"
              + "  if pause and pause ~= '' then\n"
              + "    if pause == 'open' then return {3} end\n"
              + "    now = redis.call('TIME')\n"
              + "    if tonumber(pause) > tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)"
              + " then return {3} end\n"
              + "  end\n"
              + "  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])\n"
              + "end\n"
              + "now = now or redis.call('TIME')\n"
              + "local token = tonumber(now[1]) * 1000000 + tonumber(now[2])\n"
              + "local previous = redis.call('HGET', KEYS[2], 'token')\n"
              + "if previous and tonumber(previous) >= token then token = tonumber(previous) + 1 end\n"
              + "token = string.format('%.0f', token)\n"
              + "local started = now[1] .. string.format('%03d', math.floor(tonumber(now[2]) / 1000))\n"
              + "if fire ~= '' then\n"
              + "  redis.call('HSET', KEYS[2], 'token', token, 'owner', ARGV[1], 'started', started,"
              + " 'fire', fire)\n"
              + "else\n"
              + "  redis.call('HSET', KEYS[2], 'token', token, 'owner', ARGV[1], 'started', started)\n"
              + "end\n"
              + "return {0, token}\n");

  /** The largest magnitude of a fire instant in epoch ms that Lua's doubles hold exactly. */
  static final long MAX_FIRE_MILLIS = (1L << 53) - 1;

  /**
   * What the acquire script answered.
   *
   * @param outcome acquired, held elsewhere, already ran or paused
   * @param token the fencing token when acquired, else 0
   */
  record Answer(Outcome outcome, long token) {}

  /**
   * Release. KEYS[1] the lock key, KEYS[2] the state hash (only when the run is recorded), KEYS[3]
   * the history stream (only when the history is kept); ARGV[1] the owner, ARGV[2] the ms to take
   * off the TTL, then {@link RunFields#arguments}: ARGV[3] the outcome (empty: record nothing, for
   * a give-up and an operator's release), ARGV[4] the node, ARGV[5] the fire in epoch ms or empty,
   * ARGV[6] the error class, ARGV[7] the error message, ARGV[8] the run's kind; with a stream,
   * ARGV[9] and ARGV[10] its {@link HistoryStream#bounds}. Answers 1 when it deleted the key, 2
   * when it kept it for what is left of lockAtLeastFor (PTTL minus ARGV[2]), 0 when the key no
   * longer held the owner.
   *
   * <ul>
   *   <li>The run is written into the state hash ({@code run_*} fields, see {@link RunFields}) by
   *       this same script: no round trip of its own. Its start is the {@code started} the acquire
   *       script stored beside the same {@code owner}; its end is the server's TIME.
   *   <li>With a stream, the same fields are appended to it, and it is trimmed ({@link
   *       HistoryStream}), still in this script.
   *   <li>The key gone (expired, deleted) while the state hash still names this owner: the run
   *       outlived its lease and is recorded as LOCK_LOST. The key held by another owner, or the
   *       hash naming another acquisition: nothing is written (GET, HGET only).
   *   <li>TIME before writes needs effects replication, as in the acquire script.
   * </ul>
   */
  static final LuaScript RELEASE =
      new LuaScript(
          "if redis.replicate_commands then redis.replicate_commands() end\n"
              + HistoryStream.APPEND_FUNCTION
              + "local holder = redis.call('GET', KEYS[1])\n"
              + "local outcome = ARGV[3] or ''\n"
              + "local answer = 0\n"
              + "if holder == ARGV[1] then\n"
              + "  local keep = redis.call('PTTL', KEYS[1]) - tonumber(ARGV[2])\n"
              + "  if keep > 0 then\n"
              + "    redis.call('PEXPIRE', KEYS[1], keep)\n"
              + "    answer = 2\n"
              + "  else\n"
              + "    redis.call('DEL', KEYS[1])\n"
              + "    answer = 1\n"
              + "  end\n"
              + "elseif holder or outcome == '' then\n"
              + "  return 0\n"
              + "else\n"
              + "  outcome = 'LOCK_LOST'\n"
              + "end\n"
              + "if outcome == '' or redis.call('HGET', KEYS[2], 'owner') ~= ARGV[1] then\n"
              + "  return answer\n"
              + "end\n"
              + "local started = redis.call('HGET', KEYS[2], 'started')\n"
              + "local now = redis.call('TIME')\n"
              + "local ended = now[1] .. string.format('%03d', math.floor(tonumber(now[2]) / 1000))\n"
              + "local run = {'run_outcome', outcome, 'run_kind', ARGV[8], 'run_node', ARGV[4],"
              + " 'run_fire', ARGV[5], 'run_started', started or ended, 'run_ended', ended,"
              + " 'run_error_class', ARGV[6], 'run_error_message', ARGV[7]}\n"
              + "redis.call('HSET', KEYS[2], unpack(run))\n"
              + "if KEYS[3] then append(KEYS[3], ARGV[9], ARGV[10], now, run) end\n"
              + "return answer\n");

  /** Extend: a new TTL of ARGV[2] ms, only for the owner's acquisition. */
  static final LuaScript EXTEND =
      new LuaScript(
          "if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end\n"
              + "redis.call('PEXPIRE', KEYS[1], ARGV[2])\n"
              + "return 1\n");

  private final CommandRunner runner;
  private final ForeignReleaseCheck foreignReleases = new ForeignReleaseCheck(this);

  LockCommands(CommandRunner runner) {
    this.runner = runner;
  }

  /** Explains keys that vanished from under their holder; one per provider. */
  ForeignReleaseCheck foreignReleases() {
    return foreignReleases;
  }

  /**
   * The lock key's value.
   *
   * @return the owner value, or null when the key does not exist
   */
  String value(String name, String key) {
    return runner.call("read", name, jedis -> jedis.get(key));
  }

  /**
   * Redis counts TTLs in whole milliseconds; a fraction rounds up, so a lock never lasts less than
   * asked.
   */
  static long millis(Duration duration) {
    long millis = duration.toMillis();
    return duration.minusMillis(millis).isZero() ? Math.max(millis, 0) : millis + 1;
  }

  /** The fire in epoch ms, or null for a plain call; refused when Lua could not hold it exactly. */
  static Long fireMillis(LockConfiguration configuration) {
    if (configuration.fireInstant() == null) {
      return null;
    }
    long fire;
    try {
      fire = configuration.fireInstant().toEpochMilli();
    } catch (ArithmeticException e) {
      fire = Long.MAX_VALUE;
    }
    if (Math.abs(fire) > LockCommands.MAX_FIRE_MILLIS) {
      throw new LockException(
          RedisMessage.FIRE_OUT_OF_RANGE.text(
              "Lock '"
                  + Printable.of(configuration.name())
                  + "': the fire instant "
                  + configuration.fireInstant()
                  + " is too far from 1970 for the Redis store (at most 2^53-1 ms either way)"));
    }
    return fire;
  }

  /**
   * Takes the lock key for {@code owner} unless it exists or, for a fire, the fire already ran; and
   * records the fire and the new token in the state hash.
   *
   * @param fire the fire in epoch ms, or null for a plain call
   * @return the answer
   */
  Answer acquire(
      String name, String key, String stateKey, String owner, long atMostForMillis, Long fire) {
    List<String> keys = List.of(key, stateKey);
    String ttl = Long.toString(atMostForMillis);
    String fireArgument = fire == null ? "" : Long.toString(fire);
    // After a broken connection the first attempt may have been applied: the script recognises the
    // owner value, unique to this attempt, and answers with the token it stored then.
    return runner.call(
        "acquire",
        name,
        jedis -> answer(ACQUIRE.run(jedis, keys, owner, ttl, fireArgument)),
        jedis -> answer(ACQUIRE.run(jedis, keys, owner, ttl, fireArgument)));
  }

  /**
   * Reads the acquire script's reply; anything else is a failure of the store, reported as such.
   */
  static Answer answer(Object reply) {
    if (reply instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Long code) {
      if (code == 0 && list.size() == 2) {
        try {
          return new Answer(Outcome.ACQUIRED, Long.parseLong(String.valueOf(list.get(1))));
        } catch (NumberFormatException e) {
          throw new JedisException("the state hash holds a token that is not a number: " + reply);
        }
      }
      if (code == 1) {
        return new Answer(Outcome.HELD_ELSEWHERE, 0);
      }
      if (code == 2) {
        return new Answer(Outcome.ALREADY_RAN, 0);
      }
      if (code == 3) {
        return new Answer(Outcome.PAUSED, 0);
      }
    }
    throw new JedisException("unexpected answer of the acquire script: " + reply);
  }

  /**
   * Takes {@code droppedMillis} off the TTL of {@code owner}'s acquisition, deleting the key when
   * nothing is left, and records the run in the state hash.
   *
   * @param historyKey the history stream, or null when no history is kept
   * @param run the {@link RunFields#arguments} of the run, and the stream's bounds with a stream
   * @return the script's answer: 0 when the key no longer held {@code owner}, 1 when deleted, 2
   *     when kept for the rest of its TTL
   */
  Object release(
      String name,
      String key,
      String stateKey,
      String historyKey,
      String owner,
      long droppedMillis,
      List<String> run) {
    List<String> arguments = new ArrayList<>(2 + run.size());
    arguments.add(owner);
    arguments.add(Long.toString(droppedMillis));
    arguments.addAll(run);
    String[] argv = arguments.toArray(String[]::new);
    List<String> keys =
        historyKey == null ? List.of(key, stateKey) : List.of(key, stateKey, historyKey);
    return runner.call("release", name, jedis -> releaseRecording(jedis, keys, argv));
  }

  /**
   * The release on every key; while a Redis Cluster migrates their slot and has moved one key but
   * not yet another, the release of the lock key alone, unrecorded: a release that fails would keep
   * the name locked until lockAtMostFor has passed, a missing record costs only the history.
   */
  private static Object releaseRecording(UnifiedJedis jedis, List<String> keys, String[] argv) {
    try {
      return RELEASE.run(jedis, keys, argv);
    } catch (JedisDataException e) {
      if (e.getMessage() == null || !e.getMessage().startsWith("TRYAGAIN")) {
        throw e;
      }
      return RELEASE.run(jedis, keys.get(0), argv[0], argv[1], RunFields.NONE);
    }
  }

  /**
   * Deletes {@code owner}'s acquisition if it still holds the key, recording no run: an operator's
   * release.
   *
   * @return the script's answer, as for {@link #release}
   */
  Object releaseUnrecorded(String name, String key, String owner) {
    return runOwnerScript("release", name, RELEASE, key, owner, Long.MAX_VALUE);
  }

  /**
   * Deletes {@code owner}'s acquisition (the release script dropping all of lockAtMostFor,
   * recording no run); after a broken connection once more on a fresh one, since a second run
   * cannot delete anyone else's.
   *
   * @return the script's answer, as for {@link #release}
   */
  Object giveUp(String name, String key, String owner, long atMostForMillis) {
    String argument = Long.toString(atMostForMillis);
    return runner.call(
        "give up",
        name,
        jedis -> RELEASE.run(jedis, key, owner, argument, RunFields.NONE),
        jedis -> RELEASE.run(jedis, key, owner, argument, RunFields.NONE));
  }

  /**
   * Gives {@code owner}'s acquisition a new TTL.
   *
   * @return false when the key no longer held {@code owner}
   */
  boolean extend(String name, String key, String owner, long atMostForMillis) {
    return Long.valueOf(1)
        .equals(runOwnerScript("extend", name, EXTEND, key, owner, atMostForMillis));
  }

  private Object runOwnerScript(
      String action, String name, LuaScript script, String key, String owner, long millis) {
    String argument = Long.toString(millis);
    return runner.call(action, name, jedis -> script.run(jedis, key, owner, argument));
  }
}
