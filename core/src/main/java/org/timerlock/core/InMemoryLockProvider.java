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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPage;
import org.timerlock.core.admin.LockPause;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.core.spi.PauseArguments;

/**
 * Locks held in this JVM's memory. For tests and single-node deployments only: it does not
 * coordinate separate JVMs. Time is {@link System#nanoTime()} for leases and runs, shown as
 * instants counted from one reading of the wall clock, and the wall clock for pauses; it supports
 * extension, fencing tokens, the fire guard, {@linkplain #admin() lock admin} with pauses and, when
 * asked for, a bounded run history.
 *
 * <p>Several instances can share one memory ({@link #anotherNode}), to stand for the nodes of a
 * cluster in one JVM.
 */
public final class InMemoryLockProvider implements LockProvider {

  /** No fire granted yet. */
  private static final long NO_FIRE = Long.MIN_VALUE;

  /**
   * The wall clock and {@link System#nanoTime()} read once, together: every time the store shows
   * (taken at, held until, a run's start and end, its own time) is this instant plus the nanoTime
   * passed since, so that those times keep the order of the events they stand for.
   */
  private static final Instant WALL_AT_START = Instant.now();

  private static final long NANOS_AT_START = System.nanoTime();

  /** The owner of a name that was paused before it was ever taken. */
  private static final Owner NEVER_TAKEN = new Owner("", 0);

  /**
   * An owner value of this store, written out ({@link OwnerIds#newOwnerId}'s form) only when the
   * admin shows it or an operator names it: a lock call compares owners by identity, so an
   * acquisition makes no string.
   */
  private static final class Owner {
    private final String nodeId;
    private final long sequence;
    private String text;

    Owner(String nodeId, long sequence) {
      this.nodeId = nodeId;
      this.sequence = sequence;
      // Sequence 0, which OwnerIds never gives, is NEVER_TAKEN's: no owner value at all.
      this.text = sequence == 0 ? "" : null;
    }

    /** The owner value; one thread may write it out as another does, to the same text. */
    String text() {
      String written = text;
      if (written == null) {
        written = OwnerIds.ownerId(nodeId, sequence);
        text = written;
      }
      return written;
    }
  }

  /**
   * What is known about a name: its latest acquisition (live, lingering for lockAtLeastFor, or
   * over), the latest fire granted, which outlives the acquisition, and an operator's pause.
   */
  private record Entry(
      Owner owner,
      long lockedAtNanos,
      long lockUntilNanos,
      long fencingToken,
      long lastFireMillis,
      LastRun lastRun,
      LockPause pause) {

    /** A name never taken, paused. */
    static Entry pausedOnly(LockPause pause) {
      long now = System.nanoTime();
      return new Entry(NEVER_TAKEN, now, now, 0, NO_FIRE, null, pause);
    }

    Entry withPause(LockPause newPause) {
      return new Entry(
          owner, lockedAtNanos, lockUntilNanos, fencingToken, lastFireMillis, lastRun, newPause);
    }

    /** The pause, when it has not ended by the wall clock. */
    LockPause pauseInForce() {
      return pause == null || (pause.until() != null && !pause.until().isAfter(Instant.now()))
          ? null
          : pause;
    }
  }

  /** The memory the nodes of one in-JVM "cluster" share. */
  private static final class Memory {
    final ConcurrentNavigableMap<String, Entry> locks = new ConcurrentSkipListMap<>();
    final ConcurrentMap<String, RunHistory> histories = new ConcurrentHashMap<>();
    final AtomicLong fencingTokens = new AtomicLong();
  }

  private final Memory memory;
  private final ConcurrentNavigableMap<String, Entry> locks;
  private final LockAdmin admin = new MemoryAdmin();
  private final String nodeId;
  // The node id as this provider's owner values carry it: what the history names, without parsing.
  private final String ownerNodeId;
  private final HistorySettings history;

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
    this(nodeId, HistorySettings.OFF);
  }

  /**
   * Creates an empty provider that keeps a run history.
   *
   * @param nodeId the readable prefix of its owner values, as {@link LockInfo#nodeId()} shows it
   * @param history whether runs and missed slots are recorded, and how many for how long
   */
  public InMemoryLockProvider(String nodeId, HistorySettings history) {
    this(new Memory(), nodeId, history);
  }

  private InMemoryLockProvider(Memory memory, String nodeId, HistorySettings history) {
    this.memory = memory;
    this.locks = memory.locks;
    this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
    this.ownerNodeId = OwnerIds.shortened(nodeId);
    this.history = Objects.requireNonNull(history, "history");
  }

  /**
   * Another node on the same memory: it sees this provider's locks, fires, pauses and history, as a
   * second JVM sees a shared store.
   *
   * @param otherNodeId the other node's id
   * @param otherHistory the history the other node records
   * @return the other node
   */
  public InMemoryLockProvider anotherNode(String otherNodeId, HistorySettings otherHistory) {
    return new InMemoryLockProvider(memory, otherNodeId, otherHistory);
  }

  @Override
  public Optional<SimpleLock> lock(LockConfiguration configuration) {
    return tryLock(configuration).lock();
  }

  @Override
  public LockAttempt tryLock(LockConfiguration configuration) {
    Owner owner = new Owner(nodeId, OwnerIds.nextSequence());
    long now = System.nanoTime();
    long fire =
        configuration.fireInstant() == null ? NO_FIRE : configuration.fireInstant().toEpochMilli();
    LockAttempt[] refused = {null};
    Entry entry =
        locks.compute(
            configuration.name(),
            (name, current) -> {
              if (current != null && current.pauseInForce() != null) {
                refused[0] = LockAttempt.paused();
                return current;
              }
              long lastFire = current == null ? NO_FIRE : current.lastFireMillis;
              if (fire != NO_FIRE && fire <= lastFire) {
                refused[0] = LockAttempt.alreadyRan();
                return current;
              }
              if (current != null && current.lockUntilNanos - now > 0) {
                return current;
              }
              return new Entry(
                  owner,
                  now,
                  now + configuration.lockAtMostFor().toNanos(),
                  memory.fencingTokens.incrementAndGet(),
                  Math.max(fire, lastFire),
                  current == null ? null : current.lastRun,
                  current == null ? null : current.pause);
            });
    if (refused[0] != null) {
      return refused[0];
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

  /**
   * The latest run of a name as its release saw it. It becomes a {@link RunRecord} only when the
   * admin or the history reads it, so that a release makes no instants.
   */
  private record LastRun(
      LockConfiguration configuration,
      String nodeId,
      long startedNanos,
      long endedNanos,
      RunEnd end) {

    RunRecord record() {
      return new RunRecord(
          configuration.fireInstant(),
          nodeId,
          wall(startedNanos),
          wall(endedNanos),
          end.outcome(),
          configuration.kind(),
          end.errorClass(),
          end.errorMessage());
    }
  }

  private static LockInfo info(String name, Entry entry) {
    long now = System.nanoTime();
    boolean taken = entry.owner != NEVER_TAKEN;
    return new LockInfo(
        name,
        entry.owner.text(),
        taken ? wall(entry.lockedAtNanos) : null,
        taken ? wall(entry.lockUntilNanos) : null,
        entry.lockUntilNanos - now > 0,
        entry.lastFireMillis == NO_FIRE ? null : Instant.ofEpochMilli(entry.lastFireMillis),
        entry.lastRun == null ? null : entry.lastRun.record(),
        entry.pauseInForce(),
        taken ? entry.fencingToken : null);
  }

  /** The store's time at a {@link System#nanoTime()}. */
  private static Instant wall(long nanos) {
    return WALL_AT_START.plusNanos(nanos - NANOS_AT_START);
  }

  /** Adds a record to a name's history, when this node keeps one. */
  private void record(String name, RunRecord run) {
    if (history.enabled()) {
      memory.histories.computeIfAbsent(name, n -> new RunHistory()).add(run, history);
    }
  }

  private final class InMemoryLock implements SimpleLock {
    private final LockConfiguration configuration;
    private final Owner owner;
    private final long lockedAtNanos;
    private final long fencingToken;

    InMemoryLock(
        LockConfiguration configuration, Owner owner, long lockedAtNanos, long fencingToken) {
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
      Entry after =
          locks.computeIfPresent(
              configuration.name(),
              (name, current) -> {
                if (current.owner != owner) {
                  return current;
                }
                long now = System.nanoTime();
                RunEnd recorded = current.lockUntilNanos - now > 0 ? end : end.lockLost();
                LastRun run = new LastRun(configuration, ownerNodeId, lockedAtNanos, now, recorded);
                // Kept, expired, rather than removed: the guard must remember the latest fire.
                return new Entry(
                    owner,
                    current.lockedAtNanos,
                    keepUntil - now > 0 ? keepUntil : now,
                    fencingToken,
                    current.lastFireMillis,
                    run,
                    current.pause);
              });
      // Ours, after the release, only if this release wrote it.
      if (after != null && after.owner == owner && history.enabled()) {
        record(configuration.name(), after.lastRun.record());
      }
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
                owner,
                now,
                now + atMostFor.toNanos(),
                current.fencingToken,
                current.lastFireMillis,
                current.lastRun,
                current.pause);
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
            if (!current.owner.text().equals(owner) || current.lockUntilNanos - now <= 0) {
              return current;
            }
            released[0] = true;
            return new Entry(
                current.owner,
                current.lockedAtNanos,
                now,
                current.fencingToken,
                current.lastFireMillis,
                current.lastRun,
                current.pause);
          });
      return released[0];
    }

    /** Pauses by the wall clock, the clock the in-memory store reads pauses with. */
    @Override
    public LockInfo pause(String name, Instant until, String by) {
      LockConfiguration.checkName(name);
      String author = PauseArguments.by(name, by);
      PauseArguments.until(name, until, Instant.now());
      LockPause pause = new LockPause(until, author);
      Entry paused =
          locks.compute(
              name,
              (n, current) -> current == null ? Entry.pausedOnly(pause) : current.withPause(pause));
      return info(name, paused);
    }

    @Override
    public boolean resume(String name, String by) {
      LockConfiguration.checkName(name);
      boolean[] wasPaused = {false};
      locks.computeIfPresent(
          name,
          (n, current) -> {
            wasPaused[0] = current.pauseInForce() != null;
            return current.pause == null ? current : current.withPause(null);
          });
      return wasPaused[0];
    }

    @Override
    public boolean keepsHistory() {
      return history.enabled();
    }

    /** The clock the store shows its times by. */
    @Override
    public Optional<Instant> storeTime() {
      return Optional.of(wall(System.nanoTime()));
    }

    @Override
    public List<RunRecord> history(String name, int limit) {
      int size = LockAdmin.pageSize(limit);
      LockConfiguration.checkName(name);
      RunHistory runs = memory.histories.get(name);
      return runs == null || !history.enabled() ? List.of() : runs.newest(size, history);
    }

    @Override
    public void recordMissed(String name, Instant slot, String missedBy) {
      LockConfiguration.checkName(name);
      Objects.requireNonNull(slot, "slot");
      Objects.requireNonNull(missedBy, "nodeId");
      Instant now = Instant.now();
      record(
          name,
          new RunRecord(
              slot, missedBy, now, now, RunOutcome.MISSED, RunKind.SCHEDULED, null, null));
    }
  }
}
