package org.timerlock.redis;

import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import org.timerlock.core.LockException;
import org.timerlock.core.spi.Printable;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisSentinelClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Runs commands on the provider's client and turns the client's failures into {@link
 * LockException}s that name the server (never its password) and say what went wrong.
 */
final class CommandRunner {

  private final LazyClient client;
  private final ClientSource source;
  private final long socketTimeoutMillis;
  // For log messages only ("answers again"); never consulted to decide anything.
  private final AtomicBoolean failing = new AtomicBoolean();

  CommandRunner(LazyClient client, ClientSource source, long socketTimeoutMillis) {
    this.client = client;
    this.source = source;
    this.socketTimeoutMillis = socketTimeoutMillis;
  }

  /** Runs one command that must not run again after a broken connection. */
  <T> T call(String action, String name, Function<UnifiedJedis, T> command) {
    return call(action, name, command, null);
  }

  /**
   * Runs one command. A connection that broke (not one that timed out) makes the pool drop its idle
   * connections, which are likely broken too (a restarted server), and {@code retry}, when given,
   * runs once on a fresh connection.
   *
   * @param action what the command does to the lock, for the message: "acquire", "release"...
   * @param name the lock name, for the message
   */
  <T> T call(
      String action,
      String name,
      Function<UnifiedJedis, T> command,
      Function<UnifiedJedis, T> retry) {
    return run(() -> action + " lock '" + Printable.of(name) + "'", command, retry);
  }

  /**
   * Runs one command that concerns no single lock, such as a listing, and must not run again after
   * a broken connection.
   *
   * @param what what the command does, for the message: "list the locks"
   */
  <T> T call(String what, Function<UnifiedJedis, T> command) {
    return run(() -> what, command, null);
  }

  private <T> T run(
      Supplier<String> what, Function<UnifiedJedis, T> command, Function<UnifiedJedis, T> retry) {
    try {
      UnifiedJedis jedis = client.get();
      T result;
      try {
        result = command.apply(jedis);
      } catch (JedisConnectionException e) {
        client.discardIdleConnections(jedis);
        if (retry == null || JedisFailures.isTimeout(e)) {
          throw e;
        }
        try {
          result = retry.apply(jedis);
        } catch (JedisException again) {
          again.addSuppressed(e);
          throw again;
        }
      }
      if (failing.compareAndSet(true, false)) {
        RedisLockProvider.LOG.log(Level.INFO, "{0} answers again", where());
      }
      return result;
    } catch (JedisException e) {
      failing.set(true);
      String message =
          where()
              + " could not "
              + what.get()
              + ": "
              + JedisFailures.reason(e, socketTimeoutMillis, source.secrets());
      throw new LockException(RedisMessage.STORE_FAILURE.text(message), e);
    }
  }

  /** The server, for messages; behind Sentinel, with the master's current address. */
  String where() {
    if (client.ifCreated() instanceof RedisSentinelClient sentinel) {
      try {
        HostAndPort master = sentinel.getCurrentMaster();
        if (master != null) {
          return source.description()
              + " (master at "
              + Endpoints.address(master.getHost(), master.getPort())
              + ")";
        }
      } catch (RuntimeException e) {
        // only for the message
      }
    }
    return source.description();
  }
}
