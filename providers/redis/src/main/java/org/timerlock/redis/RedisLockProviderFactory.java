package org.timerlock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.MessageCode;
import org.timerlock.core.spi.ProviderSettings;
import org.timerlock.core.spi.ValueType;

/**
 * Selected by {@code timerlock.provider=redis}: builds a {@link RedisLockProvider} from the {@code
 * timerlock.redis.*} keys, listed by {@link #keys()}. Exactly one of {@code timerlock.redis.uri},
 * {@code timerlock.redis.sentinel.nodes} (with {@code timerlock.redis.sentinel.master}) and {@code
 * timerlock.redis.cluster.nodes} must be set. Durations accept ISO-8601 ({@code PT2S}) and short
 * forms ({@code 500ms}, {@code 2s}).
 */
public final class RedisLockProviderFactory implements LockProviderFactory {

  private static final String PREFIX = "timerlock.redis.";

  private static final int SENTINEL_PORT = 26379;

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
   * Never fails, so that a URI is never quoted in a message ({@link RedisUri#shown}): the factory
   * checks it with {@link RedisUri#parse}.
   */
  private static final ValueType<String> REDIS_URI =
      ValueType.TEXT.map(uri -> uri, RedisUri.ACCEPTED);

  /** Standalone server: {@code redis://[[user]:password@]host[:port][/db]}, {@code rediss://}. */
  public static final ConfigKey<String> URI =
      ConfigKey.optional(
          PREFIX + "uri",
          REDIS_URI,
          "none",
          "The standalone Redis server, redis://[[user]:password@]host[:port][/database] or"
              + " rediss:// for TLS.");

  /** ACL user, when not in the URI; for Sentinel and Cluster the user of the data nodes. */
  public static final ConfigKey<String> USERNAME =
      ConfigKey.optional(
          PREFIX + "username",
          ValueType.TEXT,
          "none",
          "The ACL user when it is not in the URI; for Sentinel and Cluster, the user of the data"
              + " nodes.");

  /** Password, when not in the URI; for Sentinel and Cluster the password of the data nodes. */
  public static final ConfigKey<String> PASSWORD =
      ConfigKey.secret(
          PREFIX + "password",
          "The password when it is not in the URI; for Sentinel and Cluster, the password of the"
              + " data nodes.");

  /** Database index, when not in the URI (standalone and Sentinel); default 0. */
  public static final ConfigKey<Integer> DATABASE =
      ConfigKey.optional(
          PREFIX + "database",
          ValueType.integer(0, 1_000_000),
          "0",
          "The database index when it is not in the URI, for standalone and Sentinel (a cluster has"
              + " only database 0).");

  /** {@code true} for TLS to Sentinel or Cluster nodes; standalone uses {@code rediss://}. */
  public static final ConfigKey<Boolean> SSL =
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
  public static final ConfigKey<Boolean> VERIFY_HOSTNAME =
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
  public static final ConfigKey<String> SENTINEL_MASTER =
      ConfigKey.optional(
          PREFIX + "sentinel.master",
          NOT_BLANK,
          "none",
          "The name under which the Sentinels monitor the master.");

  /** The Sentinels: {@code host:port[,host:port...]}, port 26379 when absent. */
  public static final ConfigKey<String> SENTINEL_NODES =
      ConfigKey.optional(
          PREFIX + "sentinel.nodes",
          nodeList(SENTINEL_PORT),
          "none",
          "The Sentinels, host:port[,host:port...] with port 26379 when absent.");

  /** ACL user of the Sentinels themselves, when they require one. */
  public static final ConfigKey<String> SENTINEL_USERNAME =
      ConfigKey.optional(
          PREFIX + "sentinel.username",
          ValueType.TEXT,
          "none",
          "The ACL user of the Sentinels themselves, when they require one.");

  /** Password of the Sentinels themselves, when they require one. */
  public static final ConfigKey<String> SENTINEL_PASSWORD =
      ConfigKey.secret(
          PREFIX + "sentinel.password",
          "The password of the Sentinels themselves, when they require one.");

  /** Seed nodes of a Redis Cluster: {@code host:port[,host:port...]}. */
  public static final ConfigKey<String> CLUSTER_NODES =
      ConfigKey.optional(
          PREFIX + "cluster.nodes",
          nodeList(RedisUri.DEFAULT_PORT),
          "none",
          "Some nodes of a Redis Cluster, host:port[,host:port...], from which the rest is"
              + " discovered.");

  /** Attempts of a cluster command across redirections and reconnections; default 5. */
  public static final ConfigKey<Integer> CLUSTER_MAX_ATTEMPTS =
      ConfigKey.withDefault(
          PREFIX + "cluster.max-attempts",
          ValueType.integer(1, 100),
          RedisLockProvider.DEFAULT_CLUSTER_MAX_ATTEMPTS,
          String.valueOf(RedisLockProvider.DEFAULT_CLUSTER_MAX_ATTEMPTS),
          "How often one command is tried across cluster redirections and reconnections.");

  /** Time allowed to open a connection; default 2s. */
  public static final ConfigKey<Duration> CONNECT_TIMEOUT =
      ConfigKey.withDefault(
          PREFIX + "connect-timeout",
          ValueType.POSITIVE_DURATION,
          RedisLockProvider.DEFAULT_CONNECT_TIMEOUT,
          "2s",
          "The time allowed to open a connection.");

  /** Time allowed for each answer; default 2s. */
  public static final ConfigKey<Duration> SOCKET_TIMEOUT =
      ConfigKey.withDefault(
          PREFIX + "socket-timeout",
          ValueType.POSITIVE_DURATION,
          RedisLockProvider.DEFAULT_SOCKET_TIMEOUT,
          "2s",
          "The time allowed for each answer.");

  /** The most connections per server; default 8. */
  public static final ConfigKey<Integer> POOL_SIZE =
      ConfigKey.withDefault(
          PREFIX + "pool-size",
          ValueType.integer(1, 1000),
          RedisLockProvider.DEFAULT_POOL_SIZE,
          String.valueOf(RedisLockProvider.DEFAULT_POOL_SIZE),
          "The most connections open to one server (per master in a cluster).");

  /** First part of every key; default {@code job-lock} (ShedLock's). */
  public static final ConfigKey<String> KEY_PREFIX =
      ConfigKey.withDefault(
          PREFIX + "key-prefix",
          NOT_BLANK,
          RedisLockProvider.DEFAULT_KEY_PREFIX,
          RedisLockProvider.DEFAULT_KEY_PREFIX,
          "The first part of every Redis key, <key-prefix>:<environment>:<lock name>.");

  /** Second part of every key; default {@code default} (ShedLock's). */
  public static final ConfigKey<String> ENVIRONMENT =
      ConfigKey.withDefault(
          PREFIX + "environment",
          NOT_BLANK,
          RedisLockProvider.DEFAULT_ENVIRONMENT,
          RedisLockProvider.DEFAULT_ENVIRONMENT,
          "The second part of every Redis key, separating environments that share one Redis.");

  /** Replicas that must acknowledge each acquisition ({@code WAIT}); default 0 (no waiting). */
  public static final ConfigKey<Integer> WAIT_FOR_REPLICAS =
      ConfigKey.withDefault(
          PREFIX + "wait-for-replicas",
          ValueType.integer(0, 100),
          0,
          "0",
          "How many replicas must acknowledge each acquisition (WAIT), 0 for no waiting.");

  /** How long to wait for those replicas; default 500ms, shorter than the socket timeout. */
  public static final ConfigKey<Duration> WAIT_TIMEOUT =
      ConfigKey.withDefault(
          PREFIX + "wait-timeout",
          ValueType.POSITIVE_DURATION,
          RedisLockProvider.DEFAULT_WAIT_TIMEOUT,
          "500ms",
          "How long an acquisition waits for those replicas, shorter than the socket timeout.");

  private static final List<ConfigKey<?>> KEYS =
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

  /** Creates the factory; called by {@link java.util.ServiceLoader}. */
  public RedisLockProviderFactory() {}

  @Override
  public String type() {
    return "redis";
  }

  @Override
  public List<ConfigKey<?>> keys() {
    return KEYS;
  }

  @Override
  public LockProvider create(ProviderSettings settings) {
    boolean standalone = isSet(settings, URI);
    boolean sentinel = isSet(settings, SENTINEL_NODES);
    boolean sentinelMaster = isSet(settings, SENTINEL_MASTER);
    boolean cluster = isSet(settings, CLUSTER_NODES);

    List<String> chosen = new ArrayList<>();
    if (standalone) {
      chosen.add(URI.name());
    }
    if (sentinel) {
      chosen.add(SENTINEL_NODES.name());
    }
    if (cluster) {
      chosen.add(CLUSTER_NODES.name());
    }
    if (chosen.isEmpty()) {
      throw new IllegalArgumentException(
          RedisMessage.NO_TOPOLOGY.text(
              "No Redis configured for timerlock.provider=redis: set "
                  + URI
                  + " (e.g. redis://localhost:6379), or "
                  + SENTINEL_MASTER
                  + " and "
                  + SENTINEL_NODES
                  + ", or "
                  + CLUSTER_NODES));
    }
    if (chosen.size() > 1) {
      throw new IllegalArgumentException(
          RedisMessage.CONFLICTING_SETTINGS.text(
              "Only one Redis topology can be configured, but "
                  + String.join(" and ", chosen)
                  + " are set"));
    }
    if (sentinel != sentinelMaster) {
      throw new IllegalArgumentException(
          RedisMessage.CONFLICTING_SETTINGS.text(
              SENTINEL_MASTER
                  + " and "
                  + SENTINEL_NODES
                  + " go together, but only "
                  + (sentinel ? SENTINEL_NODES : SENTINEL_MASTER)
                  + " is set"));
    }

    RedisLockProvider.Builder builder = RedisLockProvider.builder();
    Optional<String> uri = settings.find(URI);
    if (uri.isPresent()) {
      try {
        RedisUri.parse(uri.get());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(invalid(settings, URI, e.getMessage()), e);
      }
      builder.uri(uri.get());
    }
    checkNodes(settings, SENTINEL_NODES, SENTINEL_PORT);
    checkNodes(settings, CLUSTER_NODES, RedisUri.DEFAULT_PORT);
    Optional<String> master = settings.find(SENTINEL_MASTER);
    apply(settings, SENTINEL_NODES, nodes -> builder.sentinel(master.orElseThrow(), nodes));
    apply(settings, CLUSTER_NODES, builder::cluster);
    apply(settings, USERNAME, builder::username);
    apply(settings, PASSWORD, builder::password);
    apply(settings, DATABASE, builder::database);
    apply(settings, SSL, builder::ssl);
    applyValue(settings, VERIFY_HOSTNAME, builder::verifyHostname);
    Optional<String> sentinelUser = settings.find(SENTINEL_USERNAME);
    Optional<String> sentinelPassword = settings.find(SENTINEL_PASSWORD);
    if (sentinelUser.isPresent() || sentinelPassword.isPresent()) {
      builder.sentinelCredentials(sentinelUser.orElse(null), sentinelPassword.orElse(null));
    }
    applyValue(settings, CLUSTER_MAX_ATTEMPTS, builder::clusterMaxAttempts);
    applyValue(settings, CONNECT_TIMEOUT, builder::connectTimeout);
    applyValue(settings, SOCKET_TIMEOUT, builder::socketTimeout);
    applyValue(settings, POOL_SIZE, builder::poolSize);
    applyValue(settings, KEY_PREFIX, builder::keyPrefix);
    applyValue(settings, ENVIRONMENT, builder::environment);
    int replicas = settings.value(WAIT_FOR_REPLICAS);
    applyValue(settings, WAIT_TIMEOUT, timeout -> builder.waitForReplicas(replicas, timeout));
    builder.nodeId(settings.nodeId());
    try {
      return builder.build();
    } catch (IllegalArgumentException e) {
      // The builder's message keeps its code in front.
      throw new IllegalArgumentException(
          MessageCode.inContext(
              "Invalid Redis configuration for timerlock.provider=redis ("
                  + String.join(", ", chosen)
                  + "): ",
              e.getMessage()),
          e);
    }
  }

  /** Whether a key is set, before its value is read: decides the topology. */
  private static boolean isSet(ProviderSettings settings, ConfigKey<?> key) {
    return settings.get(key.name()).isPresent();
  }

  /** Gives the key's value, when it is set, to a builder setter. */
  private static <T> void apply(ProviderSettings settings, ConfigKey<T> key, Consumer<T> setter) {
    apply(settings, key, settings.find(key), setter);
  }

  /** Gives the key's value, or its default, to a builder setter. */
  private static <T> void applyValue(
      ProviderSettings settings, ConfigKey<T> key, Consumer<T> setter) {
    apply(settings, key, Optional.of(settings.value(key)), setter);
  }

  /** Gives a value to a builder setter; what the setter rejects is reported against the key. */
  private static <T> void apply(
      ProviderSettings settings, ConfigKey<T> key, Optional<T> value, Consumer<T> setter) {
    if (value.isEmpty()) {
      return;
    }
    try {
      setter.accept(value.get());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(invalid(settings, key, e.getMessage()), e);
    }
  }

  /**
   * The message for a key's value: secrets masked by the key; of a URI or a node list (which may
   * hold a URI by mistake) only the hosts and ports are shown.
   */
  private static String invalid(ProviderSettings settings, ConfigKey<?> key, String problem) {
    String text = settings.get(key.name()).orElse(key.documentedDefault());
    String shown;
    if (key == URI) {
      shown = RedisUri.shown(text);
    } else if (key == SENTINEL_NODES) {
      shown = Endpoints.shown(text, SENTINEL_PORT);
    } else if (key == CLUSTER_NODES) {
      shown = Endpoints.shown(text, RedisUri.DEFAULT_PORT);
    } else {
      shown = text;
    }
    // A builder's message is the problem: its code gives way to this one.
    return RedisMessage.INVALID_SETTING.text(key.invalid(shown, MessageCode.withoutCode(problem)));
  }

  /** Checks a node list here rather than in its type, whose messages would quote the text. */
  private static void checkNodes(ProviderSettings settings, ConfigKey<String> key, int port) {
    Optional<String> nodes = settings.find(key);
    if (nodes.isPresent()) {
      try {
        Endpoints.parseList(nodes.get(), port);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(invalid(settings, key, e.getMessage()), e);
      }
    }
  }

  /**
   * Never fails, so that a list is never quoted in a message ({@link Endpoints#shown}): the factory
   * checks it with {@link Endpoints#parseList}.
   */
  private static ValueType<String> nodeList(int defaultPort) {
    return ValueType.TEXT.map(
        nodes -> nodes, Endpoints.ACCEPTED + ", port " + defaultPort + " when absent");
  }
}
