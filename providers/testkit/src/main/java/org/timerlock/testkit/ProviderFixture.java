package org.timerlock.testkit;

import java.time.Duration;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;

/** What a provider's test class supplies to the contract. */
public interface ProviderFixture {

  /**
   * The provider under test.
   *
   * @return the same instance for the whole test class, or a new one per test
   */
  LockProvider provider();

  /**
   * A second, independent provider instance on the same store: another node of the cluster. It must
   * not share connections or in-JVM state with {@link #provider()} where the provider has any.
   *
   * @return the other node's provider
   */
  LockProvider otherNode();

  /**
   * Whether {@link org.timerlock.core.SimpleLock#extend} is supported. When false, the contract
   * checks that extension fails with {@link UnsupportedOperationException} instead.
   *
   * @return true by default
   */
  default boolean supportsExtension() {
    return true;
  }

  /**
   * A lock name not used by any other test, on this or any other JVM sharing the store.
   *
   * @param hint a readable part of the name
   * @return the unique name
   */
  default String uniqueName(String hint) {
    return LockNames.unique(hint);
  }

  /**
   * A lock configuration with a unique name and no lockAtLeastFor.
   *
   * @param hint a readable part of the name
   * @param atMostFor lockAtMostFor
   * @return the configuration
   */
  default LockConfiguration lockFor(String hint, Duration atMostFor) {
    return LockConfiguration.of(uniqueName(hint), atMostFor);
  }
}
