package org.timerlock.redis;

import static org.timerlock.redis.RedisSettings.CLUSTER_MAX_ATTEMPTS;
import static org.timerlock.redis.RedisSettings.CLUSTER_NODES;
import static org.timerlock.redis.RedisSettings.CONNECT_TIMEOUT;
import static org.timerlock.redis.RedisSettings.DATABASE;
import static org.timerlock.redis.RedisSettings.ENVIRONMENT;
import static org.timerlock.redis.RedisSettings.KEY_PREFIX;
import static org.timerlock.redis.RedisSettings.PASSWORD;
import static org.timerlock.redis.RedisSettings.POOL_SIZE;
import static org.timerlock.redis.RedisSettings.SENTINEL_MASTER;
import static org.timerlock.redis.RedisSettings.SENTINEL_NODES;
import static org.timerlock.redis.RedisSettings.SENTINEL_PASSWORD;
import static org.timerlock.redis.RedisSettings.SENTINEL_USERNAME;
import static org.timerlock.redis.RedisSettings.SOCKET_TIMEOUT;
import static org.timerlock.redis.RedisSettings.SSL;
import static org.timerlock.redis.RedisSettings.URI;
import static org.timerlock.redis.RedisSettings.USERNAME;
import static org.timerlock.redis.RedisSettings.VERIFY_HOSTNAME;
import static org.timerlock.redis.RedisSettings.WAIT_FOR_REPLICAS;
import static org.timerlock.redis.RedisSettings.WAIT_TIMEOUT;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.MessageCode;
import org.timerlock.core.spi.ProviderSettings;

/**
 * Selected by {@code timerlock.provider=redis}: builds a {@link RedisLockProvider} from the {@code
 * timerlock.redis.*} keys, listed by {@link #keys()}. Exactly one of {@code timerlock.redis.uri},
 * {@code timerlock.redis.sentinel.nodes} (with {@code timerlock.redis.sentinel.master}) and {@code
 * timerlock.redis.cluster.nodes} must be set. Durations accept ISO-8601 ({@code PT2S}) and short
 * forms ({@code 500ms}, {@code 2s}).
 */
public final class RedisLockProviderFactory implements LockProviderFactory {

  /** Creates the factory; called by {@link java.util.ServiceLoader}. */
  public RedisLockProviderFactory() {}

  @Override
  public String type() {
    return "redis";
  }

  /** The {@code timerlock.redis.*} keys and the history's ({@link HistorySettings#KEYS}). */
  @Override
  public List<ConfigKey<?>> keys() {
    return Stream.concat(RedisSettings.ALL.stream(), HistorySettings.KEYS.stream()).toList();
  }

  @Override
  public LockProvider create(ProviderSettings settings) {
    List<String> chosen = chosenTopology(settings);
    RedisLockProvider.Builder builder = RedisLockProvider.builder();
    apply(settings, URI, builder::uri);
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
    builder.history(HistorySettings.from(settings));
    try {
      return builder.build();
    } catch (IllegalArgumentException e) {
      // Settings that contradict each other: no one key is at fault, the builder's code stays.
      throw new IllegalArgumentException(
          MessageCode.inContext(
              "Invalid Redis configuration for timerlock.provider=redis ("
                  + String.join(", ", chosen)
                  + "): ",
              e.getMessage()),
          e);
    }
  }

  /**
   * The keys that choose the topology, of which exactly one is set (with the Sentinel master beside
   * the Sentinel nodes). Decided from which keys are set, before any value is read, so that the
   * messages can name the keys.
   */
  private static List<String> chosenTopology(ProviderSettings settings) {
    boolean sentinel = isSet(settings, SENTINEL_NODES);
    List<String> chosen = new ArrayList<>();
    for (ConfigKey<?> key : List.of(URI, SENTINEL_NODES, CLUSTER_NODES)) {
      if (isSet(settings, key)) {
        chosen.add(key.name());
      }
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
    if (sentinel != isSet(settings, SENTINEL_MASTER)) {
      throw new IllegalArgumentException(
          RedisMessage.CONFLICTING_SETTINGS.text(
              SENTINEL_MASTER
                  + " and "
                  + SENTINEL_NODES
                  + " go together, but only "
                  + (sentinel ? SENTINEL_NODES : SENTINEL_MASTER)
                  + " is set"));
    }
    return chosen;
  }

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

  /**
   * Gives a value to a builder setter. What the setter rejects is reported against the key: its
   * message names the argument, this one the key, with the code of an invalid setting.
   */
  private static <T> void apply(
      ProviderSettings settings, ConfigKey<T> key, Optional<T> value, Consumer<T> setter) {
    if (value.isEmpty()) {
      return;
    }
    try {
      setter.accept(value.get());
    } catch (UnreadableValue e) {
      // A URI or node list: only what the builder could show of it, never the text.
      throw new IllegalArgumentException(
          RedisMessage.INVALID_SETTING.text(key.invalid(e.shown(), e.problem())), e);
    } catch (IllegalArgumentException e) {
      String text = settings.get(key.name()).orElse(key.documentedDefault());
      throw new IllegalArgumentException(
          RedisMessage.INVALID_SETTING.text(
              key.invalid(text, MessageCode.withoutCode(e.getMessage()))),
          e);
    }
  }
}
