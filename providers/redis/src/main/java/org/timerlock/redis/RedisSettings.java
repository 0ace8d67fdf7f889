package org.timerlock.redis;

import java.time.Duration;
import java.util.List;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.ValueType;

/**
 * The {@code timerlock.redis.*} configuration keys, with their types, defaults and descriptions.
 * They are the factory's vocabulary, not an API: a program sets the same values through {@link
 * RedisLockProvider.Builder}.
 */
final class RedisSettings {

  private static final String PREFIX = "timerlock.redis.";

  /** Text that is not blank; surrounding white space is removed. */
  private static final ValueType<String> NOT_BLANK =
      ValueType.TEXT.map(
          text -> {
            if (text.isEmpty()) {
              throw new IllegalArgumentException("it is blank");
            }
            return text;
          },
          "text that is not blank");

  /**
   * Never fails, so that a URI is never quoted in a message ({@link RedisUri#shown}): the builder
   * checks it.
   */
  private static final ValueType<String> REDIS_URI =
      ValueType.TEXT.map(uri -> uri, RedisUri.ACCEPTED);

  /** Standalone server: {@code redis://[[user]:password@]host[:port][/db]}, {@code rediss://}. */
  static final ConfigKey<String> URI =
      ConfigKey.optional(
          PREFIX + "uri",
          REDIS_URI,
          "none",
          "The standalone Redis server, redis://[[user]:password@]host[:port][/database] or"
              + " rediss:// for TLS.");

  /** ACL user, when not in the URI; for Sentinel and Cluster the user of the data nodes. */
  static final ConfigKey<String> USERNAME =
      ConfigKey.optional(
          PREFIX + "username",
          ValueType.TEXT,
          "none",
          "The ACL user when it is not in the URI; for Sentinel and Cluster, the user of the data"
              + " nodes.");

  /** Password, when not in the URI; for Sentinel and Cluster the password of the data nodes. */
  static final ConfigKey<String> PASSWORD =
      ConfigKey.secret(
          PREFIX + "password",
          "The password when it is not in the URI; for Sentinel and Cluster, the password of the"
              + " data nodes.");

  /** Database index, when not in the URI (standalone and Sentinel); default 0. */
  static final ConfigKey<Integer> DATABASE =
      ConfigKey.optional(
          PREFIX + "database",
          ValueType.integer(0, 1_000_000),
          "0",
          "The database index when it is not in the URI, for standalone and Sentinel (a cluster has"
              + " only database 0).");

  /** {@code true} for TLS to Sentinel or Cluster nodes; standalone uses {@code rediss://}. */
  static final ConfigKey<Boolean> SSL =
      ConfigKey.withDefault(
          PREFIX + "ssl",
          ValueType.BOOLEAN,
          false,
          "false",
          "Whether Sentinel and Cluster nodes are reached over TLS; a standalone server uses the"
              + " rediss:// scheme instead.");

  /**
   * Whether a TLS server's certificate must name the host it is reached at; default {@code true}.
   */
  static final ConfigKey<Boolean> VERIFY_HOSTNAME =
      ConfigKey.withDefault(
          PREFIX + "verify-hostname",
          ValueType.BOOLEAN,
          true,
          "true",
          "Whether a TLS server (rediss://, or ssl=true) must present a certificate that names the"
              + " host or IP address it is reached at; false accepts any certificate the trust"
              + " store trusts, only for servers reached at addresses their certificates do not"
              + " name.");

  /** The name the Sentinels monitor the master under. */
  static final ConfigKey<String> SENTINEL_MASTER =
      ConfigKey.optional(
          PREFIX + "sentinel.master",
          NOT_BLANK,
          "none",
          "The name under which the Sentinels monitor the master.");

  /** The Sentinels: {@code host:port[,host:port...]}, port 26379 when absent. */
  static final ConfigKey<String> SENTINEL_NODES =
      ConfigKey.optional(
          PREFIX + "sentinel.nodes",
          nodeList(Topology.SENTINEL_PORT),
          "none",
          "The Sentinels, host:port[,host:port...] with port 26379 when absent.");

  /** ACL user of the Sentinels themselves, when they require one. */
  static final ConfigKey<String> SENTINEL_USERNAME =
      ConfigKey.optional(
          PREFIX + "sentinel.username",
          ValueType.TEXT,
          "none",
          "The ACL user of the Sentinels themselves, when they require one.");

  /** Password of the Sentinels themselves, when they require one. */
  static final ConfigKey<String> SENTINEL_PASSWORD =
      ConfigKey.secret(
          PREFIX + "sentinel.password",
          "The password of the Sentinels themselves, when they require one.");

  /** Seed nodes of a Redis Cluster: {@code host:port[,host:port...]}. */
  static final ConfigKey<String> CLUSTER_NODES =
      ConfigKey.optional(
          PREFIX + "cluster.nodes",
          nodeList(RedisUri.DEFAULT_PORT),
          "none",
          "Some nodes of a Redis Cluster, host:port[,host:port...], from which the rest is"
              + " discovered.");

  /** Attempts of a cluster command across redirections and reconnections; default 5. */
  static final ConfigKey<Integer> CLUSTER_MAX_ATTEMPTS =
      ConfigKey.withDefault(
          PREFIX + "cluster.max-attempts",
          ValueType.integer(1, 100),
          RedisLockProvider.DEFAULT_CLUSTER_MAX_ATTEMPTS,
          String.valueOf(RedisLockProvider.DEFAULT_CLUSTER_MAX_ATTEMPTS),
          "How often one command is tried across cluster redirections and reconnections.");

  /** Time allowed to open a connection; default 2s. */
  static final ConfigKey<Duration> CONNECT_TIMEOUT =
      ConfigKey.withDefault(
          PREFIX + "connect-timeout",
          ValueType.POSITIVE_DURATION,
          RedisLockProvider.DEFAULT_CONNECT_TIMEOUT,
          "2s",
          "The time allowed to open a connection.");

  /** Time allowed for each answer; default 2s. */
  static final ConfigKey<Duration> SOCKET_TIMEOUT =
      ConfigKey.withDefault(
          PREFIX + "socket-timeout",
          ValueType.POSITIVE_DURATION,
          RedisLockProvider.DEFAULT_SOCKET_TIMEOUT,
          "2s",
          "The time allowed for each answer.");

  /** The most connections per server; default 8. */
  static final ConfigKey<Integer> POOL_SIZE =
      ConfigKey.withDefault(
          PREFIX + "pool-size",
          ValueType.integer(1, 1000),
          RedisLockProvider.DEFAULT_POOL_SIZE,
          String.valueOf(RedisLockProvider.DEFAULT_POOL_SIZE),
          "The most connections open to one server (per master in a cluster).");

  /** First part of every key; default {@code job-lock} (ShedLock's). */
  static final ConfigKey<String> KEY_PREFIX =
      ConfigKey.withDefault(
          PREFIX + "key-prefix",
          NOT_BLANK,
          RedisLockProvider.DEFAULT_KEY_PREFIX,
          RedisLockProvider.DEFAULT_KEY_PREFIX,
          "The first part of every Redis key, <key-prefix>:<environment>:<lock name>.");

  /** Second part of every key; default {@code default} (ShedLock's). */
  static final ConfigKey<String> ENVIRONMENT =
      ConfigKey.withDefault(
          PREFIX + "environment",
          NOT_BLANK,
          RedisLockProvider.DEFAULT_ENVIRONMENT,
          RedisLockProvider.DEFAULT_ENVIRONMENT,
          "The second part of every Redis key, separating environments that share one Redis.");

  /** Replicas that must acknowledge each acquisition ({@code WAIT}); default 0 (no waiting). */
  static final ConfigKey<Integer> WAIT_FOR_REPLICAS =
      ConfigKey.withDefault(
          PREFIX + "wait-for-replicas",
          ValueType.integer(0, 100),
          0,
          "0",
          "How many replicas must acknowledge each acquisition (WAIT), 0 for no waiting.");

  /** How long to wait for those replicas; default 500ms, shorter than the socket timeout. */
  static final ConfigKey<Duration> WAIT_TIMEOUT =
      ConfigKey.withDefault(
          PREFIX + "wait-timeout",
          ValueType.POSITIVE_DURATION,
          RedisLockProvider.DEFAULT_WAIT_TIMEOUT,
          "500ms",
          "How long an acquisition waits for those replicas, shorter than the socket timeout.");

  static final List<ConfigKey<?>> ALL =
      List.of(
          URI,
          USERNAME,
          PASSWORD,
          DATABASE,
          SSL,
          VERIFY_HOSTNAME,
          SENTINEL_MASTER,
          SENTINEL_NODES,
          SENTINEL_USERNAME,
          SENTINEL_PASSWORD,
          CLUSTER_NODES,
          CLUSTER_MAX_ATTEMPTS,
          CONNECT_TIMEOUT,
          SOCKET_TIMEOUT,
          POOL_SIZE,
          KEY_PREFIX,
          ENVIRONMENT,
          WAIT_FOR_REPLICAS,
          WAIT_TIMEOUT);

  private RedisSettings() {}

  /**
   * Never fails, so that a list is never quoted in a message ({@link Endpoints#shown}): the builder
   * checks it.
   */
  private static ValueType<String> nodeList(int defaultPort) {
    return ValueType.TEXT.map(
        nodes -> nodes, Endpoints.ACCEPTED + ", port " + defaultPort + " when absent");
  }
}
