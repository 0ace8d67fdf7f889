package org.timerlock.benchmarks;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;

/**
 * The smallest correct in-memory lock for ShedLock's executor (ShedLock's own in-memory provider is
 * not published for the ShedLock version benchmarked): a map from name to expiry, updated
 * atomically. It lets the in-memory floor compare the two executors with a store that costs
 * nothing.
 */
final class MapShedLockProvider implements LockProvider {

  private final ConcurrentMap<String, Lease> leases = new ConcurrentHashMap<>();

  private record Lease(Object owner, Instant until) {}

  @Override
  public Optional<SimpleLock> lock(LockConfiguration configuration) {
    Object owner = new Object();
    Instant now = ClockProvider.now();
    Lease lease = new Lease(owner, configuration.getLockAtMostUntil());
    Lease result =
        leases.compute(
            configuration.getName(),
            (name, current) -> current == null || !current.until().isAfter(now) ? lease : current);
    if (result != lease) {
      return Optional.empty();
    }
    return Optional.of(
        () -> {
          Instant atLeastUntil = configuration.getLockAtLeastUntil();
          leases.computeIfPresent(
              configuration.getName(),
              (name, current) -> {
                if (current.owner() != owner) {
                  return current;
                }
                return atLeastUntil.isAfter(ClockProvider.now())
                    ? new Lease(owner, atLeastUntil)
                    : null;
              });
        });
  }
}
