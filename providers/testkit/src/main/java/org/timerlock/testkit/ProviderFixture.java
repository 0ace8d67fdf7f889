package org.timerlock.testkit;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.HistorySettings;

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
   * What the provider under test must report in {@link LockProvider#features()} once it has taken a
   * lock; the fire-guard and fencing scenarios run when their feature is expected.
   *
   * @return every feature by default
   */
  default Set<LockProvider.Feature> expectedFeatures() {
    return EnumSet.allOf(LockProvider.Feature.class);
  }

  /**
   * A new provider instance on the same store as {@link #provider()}, as a node that starts after
   * the others have written to the store, recording the given run history. The scenarios of {@link
   * HistoryContract}, and those that show state outliving a provider instance, run only when there
   * is one. The fixture closes it (if it is {@link AutoCloseable}) when the test class ends.
   *
   * @param history the history the new node records ({@link HistorySettings#OFF} for none)
   * @return the new node; empty by default, when the provider cannot be started again or keeps no
   *     history, and those scenarios are skipped
   */
  default Optional<LockProvider> newNode(HistorySettings history) {
    return Optional.empty();
  }

  /**
   * Makes the store forget everything it keeps about a name (deletes the row or the keys), as an
   * operator or a store restart without persistence would.
   *
   * @param name the lock name
   * @return false when the store cannot do that, and the scenarios that need it are skipped
   */
  default boolean forgetStoredState(String name) {
    return false;
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
