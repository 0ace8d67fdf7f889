package org.timerlock.cdi.internal;

import java.util.Optional;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.spi.ProviderSettings;

/** Settings read from MicroProfile Config. */
final class MicroProfileSettings implements ProviderSettings {

  private final Config config;
  private final String nodeId;

  MicroProfileSettings(Config config) {
    this.config = config;
    this.nodeId = find(TimerLockKeys.NODE_ID).orElseGet(OwnerIds::defaultNodeId);
  }

  @Override
  public Optional<String> get(String key) {
    return config.getOptionalValue(key, String.class).filter(v -> !v.isBlank());
  }

  /**
   * A value as written, blank included: MicroProfile Config treats an empty value as not set, which
   * would hide a key that is set to nothing behind a "not set" message.
   */
  Optional<String> asWritten(String key) {
    Optional<String> value = get(key);
    if (value.isPresent()) {
      return value;
    }
    return sourceOf(config, key).map(source -> source.getValue(key));
  }

  /**
   * The source a look-up of the key takes its value from: the first, by ordinal, that holds it.
   *
   * @param config the configuration
   * @param key the key as a source lists it
   * @return the source, or empty when none holds the key
   */
  static Optional<ConfigSource> sourceOf(Config config, String key) {
    for (ConfigSource source : config.getConfigSources()) {
      if (source.getValue(key) != null) {
        return Optional.of(source);
      }
    }
    return Optional.empty();
  }

  Config config() {
    return config;
  }

  @Override
  public String nodeId() {
    return nodeId;
  }
}
