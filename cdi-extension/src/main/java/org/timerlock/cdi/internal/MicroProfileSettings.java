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
    this.nodeId = find(TimerLockKeys.NODE_ID).orElseGet(MicroProfileSettings::serverNodeId);
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
    for (ConfigSource source : config.getConfigSources()) {
      String raw = source.getValue(key);
      if (raw != null) {
        return Optional.of(raw);
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

  /** WildFly's node name where set, else host name and process id. */
  private static String serverNodeId() {
    String jboss = System.getProperty("jboss.node.name");
    return jboss != null && !jboss.isBlank() ? jboss : OwnerIds.defaultNodeId();
  }
}
