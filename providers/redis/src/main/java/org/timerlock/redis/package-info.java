/**
 * Locks in Redis through Jedis: standalone (pooled), Sentinel or Cluster.
 *
 * <p>{@link org.timerlock.redis.RedisLockProvider} stores each lock as the key {@code
 * <key-prefix>:<environment>:<name>} (ShedLock's format, so ShedLock nodes and TimerLock nodes
 * exclude each other) whose value is the owner of the acquisition and whose TTL is the lock's
 * expiry, and keeps beside it, per name, a hash without TTL with the latest granted fire and the
 * latest fencing token. {@link org.timerlock.redis.RedisLockProviderFactory} builds it from the
 * {@code timerlock.redis.*} configuration keys when {@code timerlock.provider=redis}.
 */
package org.timerlock.redis;
