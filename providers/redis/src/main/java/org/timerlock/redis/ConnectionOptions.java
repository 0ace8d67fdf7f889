package org.timerlock.redis;

import java.time.Duration;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocketFactory;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;

/**
 * How every connection is made, whatever the topology: timeouts, pool size, TLS socket factory and
 * whether a TLS server's certificate must name the host it is reached at.
 *
 * @param sslSocketFactory null for the JVM's default
 * @param verifyHostname true to check, on every TLS connection, that the server's certificate names
 *     the host (or IP address) the connection was made to: the same check as HTTPS (RFC 2818)
 */
record ConnectionOptions(
    Duration connectTimeout,
    Duration socketTimeout,
    int poolSize,
    SSLSocketFactory sslSocketFactory,
    boolean verifyHostname) {

  /** The settings of a connection to one server (a data node or a Sentinel). */
  DefaultJedisClientConfig clientConfig(String user, String secret, int db, boolean tls) {
    DefaultJedisClientConfig.Builder config =
        DefaultJedisClientConfig.builder()
            .connectionTimeoutMillis((int) connectTimeout.toMillis())
            .socketTimeoutMillis((int) socketTimeout.toMillis())
            .database(db)
            .ssl(tls)
            // No CLIENT SETINFO at connection: it would need one more ACL permission on Redis 7.2+
            // (and be refused there, in the ACL LOG, without it) for no use to TimerLock.
            .clientSetInfoConfig(ClientSetInfoConfig.DISABLED);
    if (user != null) {
      config.user(user);
    }
    if (secret != null) {
      config.password(secret);
    }
    if (tls && sslSocketFactory != null) {
      config.sslSocketFactory(sslSocketFactory);
    }
    if (tls && verifyHostname) {
      config.sslParameters(hostnameChecking());
    }
    return config.build();
  }

  /**
   * Parameters that make the TLS handshake itself check the server's certificate against the host
   * Jedis connects to (a host name against the DNS names of the certificate, an IP address against
   * its IP addresses), so that a certificate from a trusted authority for another name is refused.
   * Jedis applies them to every socket it opens, also to the nodes a Sentinel or a cluster names.
   * Only this setting is given: cipher suites, protocols and the server name indication (SNI) stay
   * those of the socket factory.
   */
  static SSLParameters hostnameChecking() {
    SSLParameters parameters = new SSLParameters();
    parameters.setEndpointIdentificationAlgorithm("HTTPS");
    return parameters;
  }

  /** How connections are secured, for a description of the provider. */
  String tlsLabel(boolean tls) {
    if (!tls) {
      return "";
    }
    return verifyHostname ? " over TLS" : " over TLS without host name verification";
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
