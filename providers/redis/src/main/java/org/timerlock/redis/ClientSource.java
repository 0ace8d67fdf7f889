package org.timerlock.redis;

import java.util.List;
import java.util.function.Supplier;
import redis.clients.jedis.UnifiedJedis;

/**
 * Where the client comes from and what to call it in messages.
 *
 * @param description where it connects to, e.g. {@code "Redis at cache:6379"}
 * @param opener creates the client; called at the first lock attempt, not before
 * @param owned whether closing the provider closes the client (false for an application's client)
 * @param secrets the passwords to keep out of messages (of the data nodes and of the Sentinels)
 */
record ClientSource(
    String description, Supplier<UnifiedJedis> opener, boolean owned, List<String> secrets) {

  /** The non-null, non-empty passwords among these, to keep out of messages. */
  static List<String> secrets(String... passwords) {
    return java.util.Arrays.stream(passwords).filter(p -> p != null && !p.isEmpty()).toList();
  }
}
