package org.timerlock.cdi.jobs;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import java.time.Duration;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.spi.HistorySettings;

/**
 * The lock store of the operator tests: in memory, new for each test, shared with a second node
 * ({@value #OTHER_NODE}) that the tests drive directly.
 */
@ApplicationScoped
public class JobsStore {

  /** The node id of the store's other node. */
  public static final String OTHER_NODE = "node-b";

  private static volatile InMemoryLockProvider thisNode;
  private static volatile InMemoryLockProvider otherNode;

  static {
    reset();
  }

  /**
   * A fresh store for the next container: call it after each test (the container of a test takes
   * its provider when it starts, before the test's own set-up).
   */
  public static void reset() {
    reportFreeWhenProviderClosed = null;
    thisNode = new InMemoryLockProvider("node-a");
    otherNode = thisNode.anotherNode(OTHER_NODE, HistorySettings.OFF);
  }

  /**
   * Whether the lock {@code report} was free in the store when the application disposed of its
   * provider (where a provider closes its store client); null until then.
   */
  public static volatile Boolean reportFreeWhenProviderClosed;

  @Produces
  LockProvider provider() {
    return thisNode;
  }

  void close(@Disposes LockProvider provider) {
    if (reportFreeWhenProviderClosed == null) {
      reportFreeWhenProviderClosed = free("report");
    }
  }

  /** The store's admin, as any node sees it. */
  public static LockAdmin admin() {
    return thisNode.admin().orElseThrow();
  }

  /** The other node takes a lock; the caller releases it. */
  public static SimpleLock otherNodeTakes(String name) {
    return otherNode
        .lock(LockConfiguration.of(name, Duration.ofMinutes(5)))
        .orElseThrow(() -> new AssertionError("lock '" + name + "' was already held"));
  }

  /** Whether the lock is free now, as the store's admin reads it. */
  public static boolean free(String name) {
    return admin().find(name).map(lock -> !lock.held()).orElse(true);
  }
}
