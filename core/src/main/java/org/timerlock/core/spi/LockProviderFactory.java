package org.timerlock.core.spi;

import java.util.List;
import org.timerlock.core.LockProvider;

/**
 * Builds a {@link LockProvider} of one type from configuration. Registered in {@code
 * META-INF/services/org.timerlock.core.spi.LockProviderFactory} and selected by the value of {@code
 * timerlock.provider}.
 *
 * <p>A provider that owns resources (a connection pool, a Redis client) implements {@link
 * AutoCloseable}; whoever created it closes it when the application stops.
 */
public interface LockProviderFactory {

  /**
   * The value of {@code timerlock.provider} that selects this factory.
   *
   * @return e.g. {@code "jdbc"}, {@code "redis"}, {@code "in-memory"}
   */
  String type();

  /**
   * Builds the provider. Does not need the store to be up: a store that is down at start-up must
   * not prevent deployment, the provider reports it at the first lock attempt.
   *
   * @param settings the configuration
   * @return the provider
   * @throws IllegalArgumentException when the configuration is incomplete or invalid; the message
   *     names the key and the value at fault and what is expected
   */
  LockProvider create(ProviderSettings settings);

  /**
   * The configuration keys this factory reads, for the key catalogue: a key under {@code
   * timerlock.<type>.} that none of them names fails the deployment as a misspelling.
   *
   * @return the keys, each declared once
   */
  default List<ConfigKey<?>> keys() {
    return List.of();
  }
}
