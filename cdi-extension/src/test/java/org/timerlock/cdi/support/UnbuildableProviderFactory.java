package org.timerlock.cdi.support;

import java.util.List;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.ProviderSettings;
import org.timerlock.core.spi.ValueType;

/**
 * A provider module whose factory needs a setting, as the JDBC and Redis ones do: selected by
 * {@code timerlock.provider=needs-endpoint}. The endpoint {@code client-without-slf4j} stands for a
 * store client that cannot load a class it needs. It declares keys of its own, so the catalogue
 * holds the keys of two provider modules, as it does with the JDBC and Redis ones on the class
 * path.
 */
public class UnbuildableProviderFactory implements LockProviderFactory {

  static final ConfigKey<String> KEY_PREFIX =
      ConfigKey.withDefault(
          "timerlock.needs-endpoint.key-prefix",
          ValueType.TEXT,
          "job-lock",
          "job-lock",
          "First part of every key the store holds.");

  static final ConfigKey<String> SENTINEL_NODES =
      ConfigKey.optional(
          "timerlock.needs-endpoint.sentinel.nodes",
          ValueType.TEXT,
          "none",
          "The Sentinel nodes that know the store's address.");

  @Override
  public String type() {
    return "needs-endpoint";
  }

  @Override
  public List<ConfigKey<?>> keys() {
    return List.of(KEY_PREFIX, SENTINEL_NODES);
  }

  @Override
  public LockProvider create(ProviderSettings settings) {
    String endpoint =
        settings
            .get("timerlock.test.endpoint")
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "timerlock.test.endpoint is not set; set it to the store's address"));
    if (endpoint.equals("client-without-slf4j")) {
      // What a store client throws when the server gives the application no SLF4J.
      throw new NoClassDefFoundError("org/slf4j/LoggerFactory");
    }
    throw new IllegalArgumentException(
        "timerlock.test.endpoint = \"" + endpoint + "\" is not a valid address");
  }
}
