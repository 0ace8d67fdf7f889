package org.timerlock.core.spi;

import java.util.Optional;
import org.timerlock.core.internal.CoreMessage;

/**
 * The configuration a {@link LockProviderFactory} reads, backed by MicroProfile Config or a map.
 */
public interface ProviderSettings {

  /**
   * A configuration value.
   *
   * @param key the full key, e.g. {@code timerlock.jdbc.datasource}
   * @return the value, or empty when the key is not set (or set to an empty string)
   */
  Optional<String> get(String key);

  /**
   * The id of this node, the readable prefix of every lock owner value.
   *
   * @return the configured {@code timerlock.node-id}, or the default for this server
   */
  String nodeId();

  /**
   * A typed configuration value.
   *
   * @param <T> the type of the value
   * @param key the key
   * @return the value, or empty when the key is not set
   * @throws IllegalArgumentException in the format of {@link ConfigKey#parse(String)} when the
   *     value cannot be read
   */
  default <T> Optional<T> find(ConfigKey<T> key) {
    return get(key.name()).map(key::parse);
  }

  /**
   * A typed configuration value, or the key's default.
   *
   * @param <T> the type of the value
   * @param key a key with a default
   * @return the value
   * @throws IllegalArgumentException when the value cannot be read
   * @throws IllegalStateException when the key has no default (use {@link #find(ConfigKey)})
   */
  default <T> T value(ConfigKey<T> key) {
    return find(key)
        .or(key::defaultValue)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    CoreMessage.NO_DEFAULT.text(key.name() + " has no default")));
  }
}
