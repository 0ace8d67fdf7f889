package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;

/**
 * The contract through MySQL Connector/J on MariaDB with {@code useAffectedRows=true}: an upsert
 * that leaves a held row as it was counts 0, one that takes it over 2; an UPDATE that changes
 * nothing counts 0 too.
 */
class MySqlConnectorAffectedRowsContractTest extends MySqlConnectorOnMariaDbContractTest {
  @Override
  String properties() {
    return "?useAffectedRows=true";
  }

  /**
   * An extension right after the acquisition, with the same lockAtMostFor, often lands in the same
   * millisecond and leaves the row unchanged: it still extends the lock.
   */
  @Test
  void anExtensionThatChangesNothingStillSucceeds() {
    LockConfiguration config = lockFor("same-millisecond", Duration.ofMinutes(1));
    for (int i = 0; i < 200; i++) {
      SimpleLock lock = provider().lock(config).orElseThrow();
      SimpleLock extended =
          lock.extend(Duration.ofMinutes(1), Duration.ZERO)
              .orElseThrow(() -> new AssertionError("a live lock was not extended"));
      extended.unlock();
    }
    assertThat(provider().lock(config)).isPresent();
  }
}
