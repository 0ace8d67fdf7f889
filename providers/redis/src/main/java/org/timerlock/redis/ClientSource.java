package org.timerlock.redis;

import java.util.function.Supplier;
import redis.clients.jedis.UnifiedJedis;

/**
 * Where the client comes from and what to call it in messages.
 *
 * @param description where it connects to, e.g. {@code "Redis at cache:6379"}
 * @param opener creates the client; called at the first lock attempt, not before
 * @param owned whether closing the provider closes the client (false for an application's client)
 * @param secret a password to keep out of messages, or null
 */
record ClientSource(
    String description, Supplier<UnifiedJedis> opener, boolean owned, String secret) {}
