package org.timerlock.testkit;

import java.util.Optional;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockException;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.HistorySettings;

/**
 * The in-memory provider passes the whole contract; in one JVM, both "nodes" share one map, and a
 * new node is another provider on the same memory.
 */
class InMemoryLockProviderContractTest
    implements LockProviderContract, LockAdminContract, LastRunContract {

  private final InMemoryLockProvider store = new InMemoryLockProvider();

  @Override
  public LockProvider provider() {
    return store;
  }

  @Override
  public LockProvider otherNode() {
    return store;
  }

  @Override
  public Optional<LockProvider> newNode(HistorySettings history) {
    return Optional.of(store.anotherNode("in-memory-new-node", history));
  }

  @Override
  public LockProvider unreachableStore() {
    // A memory map cannot be unreachable: this stands for a store behind a dead socket.
    return configuration -> {
      throw new LockException("lock store at 127.0.0.1:1 refused the connection");
    };
  }
}
