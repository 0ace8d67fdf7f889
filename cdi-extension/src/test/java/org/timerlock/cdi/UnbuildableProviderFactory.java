package org.timerlock.cdi;

import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.ProviderSettings;

/**
 * A provider module whose factory needs a setting, as the JDBC and Redis ones do: selected by
 * {@code timerlock.provider=needs-endpoint}. The endpoint {@code client-without-slf4j} stands for a
 * store client that cannot load a class it needs.
 */
public class UnbuildableProviderFactory implements LockProviderFactory {

  @Override
  public String type() {
    return "needs-endpoint";
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
