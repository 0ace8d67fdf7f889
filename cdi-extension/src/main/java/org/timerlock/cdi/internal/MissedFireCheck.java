package org.timerlock.cdi.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.timerlock.core.admin.LockInfo;

/**
 * The rules of one check for missed fires, apart from the store and the clock: which slots of the
 * watched locks fall in the check's window and were not granted, and how late each lock is. A check
 * at grid slot {@code C} whose previous check in the cluster was at {@code P} covers, for a lock of
 * grace {@code g}, the slots in {@code (P - g, C - g]}; the windows of successive checks touch
 * without overlapping, so each slot is judged once, and a grid slot no node checked is covered by
 * the next check.
 */
final class MissedFireCheck {

  /** The most slots of one lock reported one by one in one check; the rest get one line. */
  static final int MAX_SLOTS_PER_LOCK = 100;

  /**
   * A slot that no node took.
   *
   * @param lock the lock
   * @param slot the slot
   */
  record Missed(WatchedLock lock, Instant slot) {}

  /**
   * What a check found.
   *
   * @param missed the slots no node took, per lock in slot order
   * @param beyondLimit per lock that missed more than {@link #MAX_SLOTS_PER_LOCK} slots, the first
   *     slot not listed in {@code missed}
   * @param overdueSeconds how late each lock is, 0 when on time
   */
  record Findings(
      List<Missed> missed,
      Map<WatchedLock, Instant> beyondLimit,
      Map<String, Double> overdueSeconds) {}

  private final Instant previousCheck;
  private final Instant thisCheck;
  private final Duration interval;

  /**
   * @param previousCheck the grid slot of the previous check in the cluster (the watch lock's
   *     latest granted fire before this one), or null when there was none
   * @param thisCheck the grid slot of this check
   * @param interval the grid's step, taken as the previous check's distance when there was none
   */
  MissedFireCheck(Instant previousCheck, Instant thisCheck, Duration interval) {
    this.previousCheck = previousCheck;
    this.thisCheck = thisCheck;
    this.interval = interval;
  }

  /**
   * Judges the watched locks by their rows.
   *
   * @param locks the watched locks
   * @param rows the store's rows of those locks, by name; a lock without a row was never granted
   * @param now this node's clock, for how late each lock is
   * @return the findings
   */
  Findings judge(Collection<WatchedLock> locks, Map<String, LockInfo> rows, Instant now) {
    List<Missed> missed = new ArrayList<>();
    Map<WatchedLock, Instant> beyondLimit = new LinkedHashMap<>();
    Map<String, Double> overdue = new LinkedHashMap<>();
    Instant windowStart = previousCheck != null ? previousCheck : thisCheck.minus(interval);
    for (WatchedLock lock : locks) {
      LockInfo row = rows.get(lock.name());
      Instant lastFire = row == null ? null : row.lastFire();
      // Never granted: a new lock and a lock that never ran look the same in the store.
      if (lastFire == null) {
        overdue.put(lock.name(), 0.0);
        continue;
      }
      Instant from = later(windowStart.minus(lock.grace()), lastFire);
      Instant to = thisCheck.minus(lock.grace());
      int listed = 0;
      for (Instant slot = lock.slots().nextAfter(from);
          slot != null && !slot.isAfter(to);
          slot = lock.slots().nextAfter(slot)) {
        if (listed == MAX_SLOTS_PER_LOCK) {
          beyondLimit.put(lock, slot);
          break;
        }
        missed.add(new Missed(lock, slot));
        listed++;
      }
      overdue.put(lock.name(), overdueSeconds(lock, lastFire, now));
    }
    return new Findings(missed, beyondLimit, overdue);
  }

  /** The grid slot of this check. */
  Instant thisCheck() {
    return thisCheck;
  }

  /**
   * Whether no node made the checks between the previous one and this one, while a slot fell in
   * that gap: then likely no node was up.
   */
  boolean checksMissedAround(Instant slot) {
    return previousCheck != null
        && Duration.between(previousCheck, thisCheck).compareTo(interval) > 0
        && slot.isAfter(previousCheck);
  }

  private static double overdueSeconds(WatchedLock lock, Instant lastFire, Instant now) {
    return new FireSlots(lock.slots())
        .firstOverdue(lastFire, lock.grace(), now)
        .map(firstNotTaken -> Duration.between(firstNotTaken, now).toMillis() / 1000.0)
        .orElse(0.0);
  }

  private static Instant later(Instant a, Instant b) {
    return a.isAfter(b) ? a : b;
  }
}
