package org.timerlock.core;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Locks held in this JVM's memory. For tests and single-node deployments only: it does not
 * coordinate separate JVMs. Time is {@link System#nanoTime()}; it supports extension and fencing
 * tokens.
 */
public final class InMemoryLockProvider implements LockProvider {

  /** One live or lingering (lockAtLeastFor) acquisition of a name. */
  private record Entry(long owner, long lockUntilNanos, long fencingToken) {}

  private final Map<String, Entry> locks = new ConcurrentHashMap<>();
  private final AtomicLong owners = new AtomicLong();
  private final AtomicLong fencingTokens = new AtomicLong();

  /** Creates an empty provider. */
  public InMemoryLockProvider() {}

  @Override
  public Optional<SimpleLock> lock(LockConfiguration configuration) {
    long owner = owners.incrementAndGet();
    long now = System.nanoTime();
    Entry entry =
        locks.compute(
            configuration.name(),
            (name, current) ->
                current == null || current.lockUntilNanos - now <= 0
                    ? new Entry(
                        owner,
                        now + configuration.lockAtMostFor().toNanos(),
                        fencingTokens.incrementAndGet())
                    : current);
    if (entry.owner != owner) {
      return Optional.empty();
    }
    return Optional.of(new InMemoryLock(configuration, owner, now, entry.fencingToken));
  }

  @Override
  public String description() {
    return "in-memory (this JVM only)";
  }

  /** Whether a name is currently locked, for tests and diagnostics. */
  boolean isLocked(String name) {
    Entry entry = locks.get(name);
    return entry != null && entry.lockUntilNanos - System.nanoTime() > 0;
  }

  private final class InMemoryLock implements SimpleLock {
    private final LockConfiguration configuration;
    private final long owner;
    private final long lockedAtNanos;
    private final long fencingToken;

    InMemoryLock(
        LockConfiguration configuration, long owner, long lockedAtNanos, long fencingToken) {
      this.configuration = configuration;
      this.owner = owner;
      this.lockedAtNanos = lockedAtNanos;
      this.fencingToken = fencingToken;
    }

    @Override
    public void unlock() {
      long keepUntil = lockedAtNanos + configuration.lockAtLeastFor().toNanos();
      locks.computeIfPresent(
          configuration.name(),
          (name, current) -> {
            if (current.owner != owner) {
              return current;
            }
            return keepUntil - System.nanoTime() > 0
                ? new Entry(owner, keepUntil, current.fencingToken)
                : null;
          });
    }

    @Override
    public Optional<SimpleLock> extend(Duration atMostFor, Duration atLeastFor) {
      LockConfiguration extended = configuration.withDurations(atMostFor, atLeastFor);
      long now = System.nanoTime();
      boolean[] done = {false};
      locks.computeIfPresent(
          configuration.name(),
          (name, current) -> {
            if (current.owner != owner || current.lockUntilNanos - now <= 0) {
              return current;
            }
            done[0] = true;
            return new Entry(owner, now + atMostFor.toNanos(), current.fencingToken);
          });
      return done[0]
          ? Optional.of(new InMemoryLock(extended, owner, now, fencingToken))
          : Optional.empty();
    }

    @Override
    public OptionalLong fencingToken() {
      return OptionalLong.of(fencingToken);
    }
  }
}
