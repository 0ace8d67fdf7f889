package org.timerlock.redis;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/** A Lua script sent by its SHA-1 ({@code EVALSHA}), and in full only when the server lacks it. */
record LuaScript(String text, String sha) {

  LuaScript(String text) {
    this(text, sha1(text));
  }

  /** Runs the script on one key: one command in steady state. */
  Object run(UnifiedJedis jedis, String key, String... args) {
    return run(jedis, List.of(key), args);
  }

  /**
   * Runs the script: one command in steady state. On a Redis Cluster, the keys must share a hash
   * slot.
   */
  Object run(UnifiedJedis jedis, List<String> keys, String... args) {
    List<String> argv = List.of(args);
    try {
      return jedis.evalsha(sha, keys, argv);
    } catch (JedisNoScriptException e) {
      // The server lost its script cache (restart, failover, SCRIPT FLUSH): EVAL runs and caches
      // it.
      return jedis.eval(text, keys, argv);
    }
  }

  private static String sha1(String text) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-1");
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(
          RedisMessage.NO_SHA1.text("SHA-1 is missing from this JVM"), e);
    }
  }
}
