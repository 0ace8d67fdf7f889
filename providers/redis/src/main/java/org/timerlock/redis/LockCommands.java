package org.timerlock.redis;

import java.time.Duration;
import redis.clients.jedis.params.SetParams;

/**
 * The commands on a lock's key, one round trip each: {@code SET NX PX} to acquire, and Lua scripts
 * that release or extend only the caller's own acquisition (the key's value is its owner).
 */
final class LockCommands {

  /** Release: keep what is left of lockAtLeastFor (PTTL minus ARGV[2]) or delete. */
  static final LuaScript RELEASE =
      new LuaScript(
          "if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end\n"
              + "local keep = redis.call('PTTL', KEYS[1]) - tonumber(ARGV[2])\n"
              + "if keep > 0 then\n"
              + "  redis.call('PEXPIRE', KEYS[1], keep)\n"
              + "  return 2\n"
              + "end\n"
              + "redis.call('DEL', KEYS[1])\n"
              + "return 1\n");

  /** Extend: a new TTL of ARGV[2] ms, only for the owner's acquisition. */
  static final LuaScript EXTEND =
      new LuaScript(
          "if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end\n"
              + "redis.call('PEXPIRE', KEYS[1], ARGV[2])\n"
              + "return 1\n");

  private final CommandRunner runner;

  LockCommands(CommandRunner runner) {
    this.runner = runner;
  }

  /**
   * Redis counts TTLs in whole milliseconds; a fraction rounds up, so a lock never lasts less than
   * asked.
   */
  static long millis(Duration duration) {
    long millis = duration.toMillis();
    return duration.minusMillis(millis).isZero() ? Math.max(millis, 0) : millis + 1;
  }

  /**
   * Takes the key for {@code owner} unless it exists.
   *
   * @return true when acquired
   */
  boolean acquire(String name, String key, String owner, long atMostForMillis) {
    SetParams params = SetParams.setParams().nx().px(atMostForMillis);
    return runner.call(
        "acquire",
        name,
        jedis -> "OK".equals(jedis.set(key, owner, params)),
        // After a broken connection the first SET may have been applied: the owner value, unique
        // to this attempt, tells.
        jedis -> "OK".equals(jedis.set(key, owner, params)) || owner.equals(jedis.get(key)));
  }

  /**
   * Takes {@code droppedMillis} off the TTL of {@code owner}'s acquisition, deleting the key when
   * nothing is left.
   *
   * @return the script's answer: 0 when the key no longer held {@code owner}, 1 when deleted, 2
   *     when kept for the rest of its TTL
   */
  Object release(String name, String key, String owner, long droppedMillis) {
    return runOwnerScript("release", name, RELEASE, key, owner, droppedMillis);
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
