package org.timerlock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import org.timerlock.core.Durations;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.ProviderSettings;

/**
 * Selected by {@code timerlock.provider=redis}: builds a {@link RedisLockProvider} from the {@code
 * timerlock.redis.*} keys. Exactly one of {@value #URI}, {@value #SENTINEL_NODES} (with {@value
 * #SENTINEL_MASTER}) and {@value #CLUSTER_NODES} must be set. Durations accept ISO-8601 ({@code
 * PT2S}) and short forms ({@code 500ms}, {@code 2s}).
 */
public final class RedisLockProviderFactory implements LockProviderFactory {

  /** Standalone server: {@code redis://[[user]:password@]host[:port][/db]}, {@code rediss://}. */
  public static final String URI = "timerlock.redis.uri";

  /** ACL user, when not in the URI; for Sentinel and Cluster the user of the data nodes. */
  public static final String USERNAME = "timerlock.redis.username";

  /** Password, when not in the URI; for Sentinel and Cluster the password of the data nodes. */
  public static final String PASSWORD = "timerlock.redis.password";

  /** Database index, when not in the URI (standalone and Sentinel); default 0. */
  public static final String DATABASE = "timerlock.redis.database";

  /** {@code true} for TLS to Sentinel or Cluster nodes; standalone uses {@code rediss://}. */
  public static final String SSL = "timerlock.redis.ssl";

  /** The name the Sentinels monitor the master under. */
  public static final String SENTINEL_MASTER = "timerlock.redis.sentinel.master";

  /** The Sentinels: {@code host:port[,host:port...]}, port 26379 when absent. */
  public static final String SENTINEL_NODES = "timerlock.redis.sentinel.nodes";

  /** ACL user of the Sentinels themselves, when they require one. */
  public static final String SENTINEL_USERNAME = "timerlock.redis.sentinel.username";

  /** Password of the Sentinels themselves, when they require one. */
  public static final String SENTINEL_PASSWORD = "timerlock.redis.sentinel.password";

  /** Seed nodes of a Redis Cluster: {@code host:port[,host:port...]}. */
  public static final String CLUSTER_NODES = "timerlock.redis.cluster.nodes";

  /** Attempts of a cluster command across redirections and reconnections; default 5. */
  public static final String CLUSTER_MAX_ATTEMPTS = "timerlock.redis.cluster.max-attempts";

  /** Time allowed to open a connection; default 2s. */
  public static final String CONNECT_TIMEOUT = "timerlock.redis.connect-timeout";

  /** Time allowed for each answer; default 2s. */
  public static final String SOCKET_TIMEOUT = "timerlock.redis.socket-timeout";

  /** The most connections per server; default 8. */
  public static final String POOL_SIZE = "timerlock.redis.pool-size";

  /** First part of every key; default {@code job-lock} (ShedLock's). */
  public static final String KEY_PREFIX = "timerlock.redis.key-prefix";

  /** Second part of every key; default {@code default} (ShedLock's). */
  public static final String ENVIRONMENT = "timerlock.redis.environment";

  /** Replicas that must acknowledge each acquisition ({@code WAIT}); default 0 (no waiting). */
  public static final String WAIT_FOR_REPLICAS = "timerlock.redis.wait-for-replicas";

  /** How long to wait for those replicas; default 500ms, shorter than the socket timeout. */
  public static final String WAIT_TIMEOUT = "timerlock.redis.wait-timeout";

  private static final List<String> SECRET_KEYS = List.of(PASSWORD, SENTINEL_PASSWORD);

  /** Creates the factory; called by {@link java.util.ServiceLoader}. */
  public RedisLockProviderFactory() {}

  @Override
  public String type() {
    return "redis";
  }

  @Override
  public LockProvider create(ProviderSettings settings) {
    RedisLockProvider.Builder builder = RedisLockProvider.builder();
    Optional<String> uri = settings.get(URI);
    Optional<String> sentinelNodes = settings.get(SENTINEL_NODES);
    Optional<String> sentinelMaster = settings.get(SENTINEL_MASTER);
    Optional<String> clusterNodes = settings.get(CLUSTER_NODES);

    List<String> chosen = new ArrayList<>();
    uri.ifPresent(v -> chosen.add(URI));
    sentinelNodes.ifPresent(v -> chosen.add(SENTINEL_NODES));
    clusterNodes.ifPresent(v -> chosen.add(CLUSTER_NODES));
    if (chosen.isEmpty()) {
      throw new IllegalArgumentException(
          "No Redis configured for timerlock.provider=redis: set "
              + URI
              + " (e.g. redis://localhost:6379), or "
              + SENTINEL_MASTER
              + " and "
              + SENTINEL_NODES
              + ", or "
              + CLUSTER_NODES);
    }
    if (chosen.size() > 1) {
      throw new IllegalArgumentException(
          "Only one Redis topology can be configured, but "
              + String.join(" and ", chosen)
              + " are set");
    }
    if (sentinelNodes.isPresent() != sentinelMaster.isPresent()) {
      throw new IllegalArgumentException(
          SENTINEL_MASTER
              + " and "
              + SENTINEL_NODES
              + " go together, but only "
              + (sentinelNodes.isPresent() ? SENTINEL_NODES : SENTINEL_MASTER)
              + " is set");
    }

    apply(settings, URI, builder::uri);
    if (sentinelNodes.isPresent()) {
      String master = sentinelMaster.get();
      apply(settings, SENTINEL_NODES, nodes -> builder.sentinel(master, nodes));
    }
    apply(settings, CLUSTER_NODES, builder::cluster);
    apply(settings, USERNAME, builder::username);
    apply(settings, PASSWORD, builder::password);
    apply(settings, DATABASE, v -> builder.database(integer(v)));
    apply(settings, SSL, v -> builder.ssl(bool(v)));
    Optional<String> sentinelUser = settings.get(SENTINEL_USERNAME);
    Optional<String> sentinelPassword = settings.get(SENTINEL_PASSWORD);
    if (sentinelUser.isPresent() || sentinelPassword.isPresent()) {
      builder.sentinelCredentials(sentinelUser.orElse(null), sentinelPassword.orElse(null));
    }
    apply(settings, CLUSTER_MAX_ATTEMPTS, v -> builder.clusterMaxAttempts(integer(v)));
    apply(settings, CONNECT_TIMEOUT, v -> builder.connectTimeout(Durations.parse(v)));
    apply(settings, SOCKET_TIMEOUT, v -> builder.socketTimeout(Durations.parse(v)));
    apply(settings, POOL_SIZE, v -> builder.poolSize(integer(v)));
    apply(settings, KEY_PREFIX, builder::keyPrefix);
    apply(settings, ENVIRONMENT, builder::environment);
    Optional<String> replicas = settings.get(WAIT_FOR_REPLICAS);
    Duration waitTimeout =
        settings
            .get(WAIT_TIMEOUT)
            .map(v -> parse(WAIT_TIMEOUT, v, Durations::parse))
            .orElse(RedisLockProvider.DEFAULT_WAIT_TIMEOUT);
    if (replicas.isPresent()) {
      apply(settings, WAIT_FOR_REPLICAS, v -> builder.waitForReplicas(integer(v), waitTimeout));
    } else if (settings.get(WAIT_TIMEOUT).isPresent()) {
      apply(settings, WAIT_TIMEOUT, v -> builder.waitForReplicas(0, waitTimeout));
    }
    builder.nodeId(settings.nodeId());
    try {
      return builder.build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid Redis configuration for timerlock.provider=redis ("
              + String.join(", ", chosen)
              + "): "
              + e.getMessage(),
          e);
    }
  }

  private static void apply(ProviderSettings settings, String key, Consumer<String> setter) {
    settings
        .get(key)
        .ifPresent(
            value ->
                parse(
                    key,
                    value,
                    v -> {
                      setter.accept(v);
                      return null;
                    }));
  }

  private static <T> T parse(
      String key, String value, java.util.function.Function<String, T> parser) {
    try {
      return parser.apply(value);
    } catch (IllegalArgumentException e) {
      String shown =
          SECRET_KEYS.contains(key) ? "***" : key.equals(URI) ? RedisUri.redact(value) : value;
      throw new IllegalArgumentException(
          "Invalid " + key + "='" + shown + "': " + e.getMessage(), e);
    }
  }

  private static int integer(String value) {
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("expected a whole number", e);
    }
  }

  private static boolean bool(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    if (v.equals("true")) {
      return true;
    }
    if (v.equals("false")) {
      return false;
    }
    throw new IllegalArgumentException("expected true or false");
  }
}
