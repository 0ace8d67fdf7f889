package org.timerlock.core;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Locks held in this JVM's memory. For tests and single-node deployments only: it does not
 * coordinate separate JVMs. Time is {@link System#nanoTime()}; it supports extension, fencing
 * tokens and the fire guard.
 */
public final class InMemoryLockProvider implements LockProvider {

  /** No fire granted yet. */
  private static final long NO_FIRE = Long.MIN_VALUE;

  /**
   * What is known about a name: its latest acquisition (live, lingering for lockAtLeastFor, or
   * over) and the latest fire granted, which outlives the acquisition.
   */
  private record Entry(long owner, long lockUntilNanos, long fencingToken, long lastFireMillis) {}

  private final Map<String, Entry> locks = new ConcurrentHashMap<>();
  private final AtomicLong owners = new AtomicLong();
  private final AtomicLong fencingTokens = new AtomicLong();

  /** Creates an empty provider. */
  public InMemoryLockProvider() {}

  @Override
  public Optional<SimpleLock> lock(LockConfiguration configuration) {
    return tryLock(configuration).lock();
  }

  @Override
  public LockAttempt tryLock(LockConfiguration configuration) {
    long owner = owners.incrementAndGet();
    long now = System.nanoTime();
    long fire =
        configuration.fireInstant() == null ? NO_FIRE : configuration.fireInstant().toEpochMilli();
    boolean[] alreadyRan = {false};
    Entry entry =
        locks.compute(
            configuration.name(),
            (name, current) -> {
              long lastFire = current == null ? NO_FIRE : current.lastFireMillis;
              if (fire != NO_FIRE && fire <= lastFire) {
                alreadyRan[0] = true;
                return current;
              }
              if (current != null && current.lockUntilNanos - now > 0) {
                return current;
              }
              return new Entry(
                  owner,
                  now + configuration.lockAtMostFor().toNanos(),
                  fencingTokens.incrementAndGet(),
                  Math.max(fire, lastFire));
            });
    if (alreadyRan[0]) {
      return LockAttempt.alreadyRan();
    }
    if (entry.owner != owner) {
      return LockAttempt.heldElsewhere();
    }
    return LockAttempt.acquired(new InMemoryLock(configuration, owner, now, entry.fencingToken));
  }

  @Override
  public Set<Feature> features() {
    return EnumSet.allOf(Feature.class);
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
            long now = System.nanoTime();
            // Kept, expired, rather than removed: the guard must remember the latest fire.
            return new Entry(
                owner, keepUntil - now > 0 ? keepUntil : now, fencingToken, current.lastFireMillis);
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
            return new Entry(
                owner, now + atMostFor.toNanos(), current.fencingToken, current.lastFireMillis);
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
