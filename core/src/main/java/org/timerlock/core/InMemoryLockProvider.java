package org.timerlock.core;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPage;
import org.timerlock.core.admin.RunRecord;

/**
 * Locks held in this JVM's memory. For tests and single-node deployments only: it does not
 * coordinate separate JVMs. Time is {@link System#nanoTime()}; it supports extension, fencing
 * tokens, the fire guard and {@linkplain #admin() lock admin}.
 */
public final class InMemoryLockProvider implements LockProvider {

  /** No fire granted yet. */
  private static final long NO_FIRE = Long.MIN_VALUE;

  /**
   * What is known about a name: its latest acquisition (live, lingering for lockAtLeastFor, or
   * over) and the latest fire granted, which outlives the acquisition.
   */
  private record Entry(
      String owner,
      long lockedAtNanos,
      long lockUntilNanos,
      long fencingToken,
      long lastFireMillis,
      RunRecord lastRun) {}

  private final ConcurrentNavigableMap<String, Entry> locks = new ConcurrentSkipListMap<>();
  private final LockAdmin admin = new MemoryAdmin();
  private final AtomicLong fencingTokens = new AtomicLong();
  private final String nodeId;

  /** Creates an empty provider whose owner values name this host and process. */
  public InMemoryLockProvider() {
    this(OwnerIds.defaultNodeId());
  }

  /**
   * Creates an empty provider.
   *
   * @param nodeId the readable prefix of its owner values, as {@link LockInfo#nodeId()} shows it
   */
  public InMemoryLockProvider(String nodeId) {
    this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
  }

  @Override
  public Optional<SimpleLock> lock(LockConfiguration configuration) {
    return tryLock(configuration).lock();
  }

  @Override
  public LockAttempt tryLock(LockConfiguration configuration) {
    String owner = OwnerIds.newOwnerId(nodeId);
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
                  now,
                  now + configuration.lockAtMostFor().toNanos(),
                  fencingTokens.incrementAndGet(),
                  Math.max(fire, lastFire),
                  current == null ? null : current.lastRun);
            });
    if (alreadyRan[0]) {
      return LockAttempt.alreadyRan();
    }
    if (!entry.owner.equals(owner)) {
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

  /**
   * The locks of this provider, by name; times are this JVM's clock, "held" is judged by {@link
   * System#nanoTime()} as the locks are.
   *
   * @return the admin view
   */
  @Override
  public Optional<LockAdmin> admin() {
    return Optional.of(admin);
  }

  private static LockInfo info(String name, Entry entry) {
    long now = System.nanoTime();
    Instant wallNow = Instant.now();
    return new LockInfo(
        name,
        entry.owner,
        wallNow.minusNanos(now - entry.lockedAtNanos),
        wallNow.plusNanos(entry.lockUntilNanos - now),
        entry.lockUntilNanos - now > 0,
        entry.lastFireMillis == NO_FIRE ? null : Instant.ofEpochMilli(entry.lastFireMillis),
        entry.lastRun,
        null);
  }

  private final class InMemoryLock implements SimpleLock {
    private final LockConfiguration configuration;
    private final String owner;
    private final long lockedAtNanos;
    private final long fencingToken;

    InMemoryLock(
        LockConfiguration configuration, String owner, long lockedAtNanos, long fencingToken) {
      this.configuration = configuration;
      this.owner = owner;
      this.lockedAtNanos = lockedAtNanos;
      this.fencingToken = fencingToken;
    }

    @Override
    public void unlock() {
      unlock(RunEnd.succeeded());
    }

    @Override
    public void unlock(RunEnd end) {
      long keepUntil = lockedAtNanos + configuration.lockAtLeastFor().toNanos();
      locks.computeIfPresent(
          configuration.name(),
          (name, current) -> {
            if (!current.owner.equals(owner)) {
              return current;
            }
            long now = System.nanoTime();
            RunEnd recorded = current.lockUntilNanos - now > 0 ? end : end.lockLost();
            Instant wallNow = Instant.now();
            RunRecord run =
                new RunRecord(
                    configuration.fireInstant(),
                    OwnerIds.nodeIdOf(owner),
                    wallNow.minusNanos(now - lockedAtNanos),
                    wallNow,
                    recorded.outcome(),
                    configuration.kind(),
                    recorded.errorClass(),
                    recorded.errorMessage());
            // Kept, expired, rather than removed: the guard must remember the latest fire.
            return new Entry(
                owner,
                current.lockedAtNanos,
                keepUntil - now > 0 ? keepUntil : now,
                fencingToken,
                current.lastFireMillis,
                run);
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
            if (!current.owner.equals(owner) || current.lockUntilNanos - now <= 0) {
              return current;
            }
            done[0] = true;
            return new Entry(
                owner,
                now,
                now + atMostFor.toNanos(),
                current.fencingToken,
                current.lastFireMillis,
                current.lastRun);
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

  /** The admin view of the locks; the cursor is the last name of the page before. */
  private final class MemoryAdmin implements LockAdmin {
    @Override
    public LockPage list(String cursor, int limit) {
      int size = LockAdmin.pageSize(limit);
      Map<String, Entry> rest = cursor == null ? locks : locks.tailMap(cursor, false);
      List<LockInfo> page = new ArrayList<>();
      for (Map.Entry<String, Entry> e : rest.entrySet()) {
        if (page.size() == size) {
          return new LockPage(page, page.get(size - 1).name());
        }
        page.add(info(e.getKey(), e.getValue()));
      }
      return new LockPage(page, null);
    }

    @Override
    public Optional<LockInfo> find(String name) {
      Entry entry = locks.get(name);
      return entry == null ? Optional.empty() : Optional.of(info(name, entry));
    }

    @Override
    public boolean release(String name, String owner) {
      boolean[] released = {false};
      locks.computeIfPresent(
          name,
          (n, current) -> {
            long now = System.nanoTime();
            if (!current.owner.equals(owner) || current.lockUntilNanos - now <= 0) {
              return current;
            }
            released[0] = true;
            return new Entry(
                owner,
                current.lockedAtNanos,
                now,
                current.fencingToken,
                current.lastFireMillis,
                current.lastRun);
          });
      return released[0];
    }
  }
}
