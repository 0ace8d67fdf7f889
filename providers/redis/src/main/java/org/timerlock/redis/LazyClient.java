package org.timerlock.redis;

import java.lang.System.Logger.Level;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

/**
 * The provider's one client, created at the first lock attempt so that a Redis that is down at
 * start-up does not prevent the provider from being built.
 */
final class LazyClient {

  private final ClientSource source;
  private final String owner;
  private final Object lock = new Object();
  private volatile UnifiedJedis client;
  private volatile boolean closed;

  /**
   * @param source where the client comes from
   * @param owner what to name in the exception thrown after {@link #close()}
   */
  LazyClient(ClientSource source, String owner) {
    this.source = source;
    this.owner = owner;
  }

  /**
   * The client, created now if this is the first call.
   *
   * @throws IllegalStateException once closed
   */
  UnifiedJedis get() {
    if (closed) {
      throw closedException();
    }
    UnifiedJedis current = client;
    if (current != null) {
      return current;
    }
    synchronized (lock) {
      if (closed) {
        throw closedException();
      }
      if (client == null) {
        client = source.opener().get();
      }
      return client;
    }
  }

  /** The client if it was created and is not closed, else null; never creates it. */
  UnifiedJedis ifCreated() {
    return client;
  }

  /**
   * After a broken connection: the pooled idle connections are likely broken too (a restarted
   * server), so they go rather than fail the next commands one by one.
   */
  void discardIdleConnections(UnifiedJedis jedis) {
    if (jedis instanceof RedisClient standalone) {
      try {
        standalone.getPool().clear();
      } catch (RuntimeException e) {
        RedisLockProvider.LOG.log(Level.DEBUG, "Could not clear the connection pool", e);
      }
    }
  }

  /** Closes the client, unless the application owns it; later calls to {@link #get} fail. */
  void close() {
    synchronized (lock) {
      closed = true;
      UnifiedJedis current = client;
      client = null;
      if (current != null && source.owned()) {
        current.close();
      }
    }
  }

  private IllegalStateException closedException() {
    return new IllegalStateException(RedisMessage.CLOSED.text(owner + " is closed"));
  }
}
