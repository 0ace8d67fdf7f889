package org.timerlock.core.spi;

import java.util.Optional;

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
}
