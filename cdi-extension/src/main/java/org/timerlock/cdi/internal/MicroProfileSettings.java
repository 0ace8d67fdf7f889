package org.timerlock.cdi.internal;

import java.util.Optional;
import org.eclipse.microprofile.config.Config;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.spi.ProviderSettings;

/** Provider settings read from MicroProfile Config. */
final class MicroProfileSettings implements ProviderSettings {

  static final String NODE_ID = "timerlock.node-id";

  private final Config config;
  private final String nodeId;

  MicroProfileSettings(Config config) {
    this.config = config;
    this.nodeId = get(NODE_ID).orElseGet(MicroProfileSettings::serverNodeId);
  }

  @Override
  public Optional<String> get(String key) {
    return config.getOptionalValue(key, String.class).filter(v -> !v.isBlank());
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
