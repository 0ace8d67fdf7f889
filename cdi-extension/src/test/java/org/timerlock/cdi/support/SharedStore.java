package org.timerlock.cdi.support;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Duration;
import java.util.Optional;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;

/**
 * The application's own LockProvider bean: one in-memory store that the tests also use directly,
 * standing for another node taking locks in the same store.
 */
@ApplicationScoped
public class SharedStore {

  public static final InMemoryLockProvider STORE = new InMemoryLockProvider();

  @Produces
  LockProvider provider() {
    return STORE;
  }

  /** Takes a lock as another node would; the caller releases it. */
  public static SimpleLock otherNodeTakes(String name) {
    return STORE
        .lock(LockConfiguration.of(name, Duration.ofMinutes(5)))
        .orElseThrow(() -> new AssertionError("lock '" + name + "' was already held"));
  }

  /** Whether another node could take the lock now (it releases it again at once). */
  public static boolean otherNodeCouldTake(String name) {
    Optional<SimpleLock> lock = STORE.lock(LockConfiguration.of(name, Duration.ofMinutes(5)));
    lock.ifPresent(SimpleLock::unlock);
    return lock.isPresent();
  }
}
