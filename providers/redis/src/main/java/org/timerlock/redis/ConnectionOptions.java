package org.timerlock.redis;

import java.time.Duration;
import javax.net.ssl.SSLSocketFactory;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;

/**
 * How every connection is made, whatever the topology: timeouts, pool size and TLS socket factory.
 *
 * @param sslSocketFactory null for the JVM's default
 */
record ConnectionOptions(
    Duration connectTimeout,
    Duration socketTimeout,
    int poolSize,
    SSLSocketFactory sslSocketFactory) {

  /** The settings of a connection to one server (a data node or a Sentinel). */
  DefaultJedisClientConfig clientConfig(String user, String secret, int db, boolean tls) {
    DefaultJedisClientConfig.Builder config =
        DefaultJedisClientConfig.builder()
            .connectionTimeoutMillis((int) connectTimeout.toMillis())
            .socketTimeoutMillis((int) socketTimeout.toMillis())
            .database(db)
            .ssl(tls);
    if (user != null) {
      config.user(user);
    }
    if (secret != null) {
      config.password(secret);
    }
    if (tls && sslSocketFactory != null) {
      config.sslSocketFactory(sslSocketFactory);
    }
    return config.build();
  }

  /** The pool of connections to each server. */
  ConnectionPoolConfig poolConfig() {
    ConnectionPoolConfig pool = new ConnectionPoolConfig();
    pool.setMaxTotal(poolSize);
    pool.setMaxIdle(poolSize);
    pool.setMinIdle(0);
    pool.setBlockWhenExhausted(true);
    // Never wait forever for a connection when every one is in use.
    pool.setMaxWait(connectTimeout.plus(socketTimeout));
    return pool;
  }
}
