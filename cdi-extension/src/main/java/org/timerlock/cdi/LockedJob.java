package org.timerlock.cdi;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;
import org.timerlock.core.spi.Printable;

/**
 * One lock this deployment knows, as an operator sees it: what runs under it, on which schedule,
 * with which settings, and whether {@link LockedJobs#runNow} can run it. Read from the deployment
 * at the time {@link LockedJobs#jobs()} was called; the store's state of the lock (held, paused,
 * last run) is {@link org.timerlock.core.admin.LockAdmin}'s.
 *
 * <p>A class rather than a record: its slots come from the schedule, which is not a value to show.
 */
public final class LockedJob {

  /** The slots of a job's schedule, as every node computes them. */
  public interface Slots {

    /**
     * The first slot strictly after an instant.
     *
     * @param after the instant
     * @return the slot, or empty when the schedule has ended
     */
    Optional<Instant> nextAfter(Instant after);

    /**
     * The latest slot at or before an instant.
     *
     * @param atOrBefore the instant
     * @return the slot, or empty when the schedule had none yet
     */
    Optional<Instant> latestAtOrBefore(Instant atOrBefore);

    /**
     * The first slot after a job's latest granted fire that is past its grace at an instant: the
     * slot from which on the job is overdue (its fire missed, or still to come late). A pure
     * function of the schedule and its arguments, so that every node judges a lock alike.
     *
     * @param lastFire the latest fire the store granted the lock; null when it granted none, which
     *     is never overdue (a new lock and a lock that never ran look the same in the store)
     * @param grace how long after a slot its fire may still arrive
     * @param now the instant to judge at
     * @return the slot, or empty when the lock is on time
     */
    default Optional<Instant> firstOverdue(Instant lastFire, Duration grace, Instant now) {
      Objects.requireNonNull(grace, "grace");
      Objects.requireNonNull(now, "now");
      if (lastFire == null) {
        return Optional.empty();
      }
      Instant limit = now.minus(grace);
      return nextAfter(lastFire).filter(slot -> !slot.isAfter(limit));
    }
  }

  private final String name;
  private final String method;
  private final JobSource source;
  private final String schedule;
  private final ZoneId zone;
  private final boolean enabled;
  private final boolean watched;
  private final Duration lockAtMostFor;
  private final Duration lockAtLeastFor;
  private final String notRunnableReason;
  private final Slots slots;
  private final Duration grace;

  /**
   * Creates a job; TimerLock builds them, and tests of an operator's tool can build their own.
   *
   * @param name the lock name
   * @param method the locked method, {@code com.acme.Billing#nightly}; null for a task of {@link
   *     LockedTasks}
   * @param source what starts its runs
   * @param schedule the schedule in readable form; null when TimerLock knows none
   * @param zone the time zone of the schedule; null when none (or for a fixed rate)
   * @param enabled whether configuration leaves the lock on on this node
   * @param watched whether the missed-fire watch checks its slots
   * @param lockAtMostFor the lock's lockAtMostFor
   * @param lockAtLeastFor the lock's lockAtLeastFor
   * @param notRunnableReason why {@link LockedJobs#runNow} cannot run it; null when it can
   * @param slots the slots of its schedule; null when TimerLock knows none
   * @param grace how long after a slot its fire may still arrive before the lock is overdue; null
   *     when its fires are not guarded (then it is never judged overdue)
   * @throws NullPointerException when name, source or a duration is null
   */
  public LockedJob(
      String name,
      String method,
      JobSource source,
      String schedule,
      ZoneId zone,
      boolean enabled,
      boolean watched,
      Duration lockAtMostFor,
      Duration lockAtLeastFor,
      String notRunnableReason,
      Slots slots,
      Duration grace) {
    this.name = Objects.requireNonNull(name, "name");
    this.method = method;
    this.source = Objects.requireNonNull(source, "source");
    this.schedule = schedule;
    this.zone = zone;
    this.enabled = enabled;
    this.watched = watched;
    this.lockAtMostFor = Objects.requireNonNull(lockAtMostFor, "lockAtMostFor");
    this.lockAtLeastFor = Objects.requireNonNull(lockAtLeastFor, "lockAtLeastFor");
    this.notRunnableReason = notRunnableReason;
    this.slots = slots;
    this.grace = grace;
  }

  /**
   * The lock name.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * The locked Java method.
   *
   * @return {@code com.acme.Billing#nightly}; null for a task of {@link LockedTasks}
   */
  public String method() {
    return method;
  }

  /**
   * What starts the job's runs.
   *
   * @return the source
   */
  public JobSource source() {
    return source;
  }

  /**
   * The schedule, in readable form: {@code second=0 minute=0 hour=2 ... zone=UTC}, {@code cron '0
   * 30 2 * * *' zone=UTC} or {@code every PT1M}.
   *
   * @return the schedule; null when TimerLock knows none
   */
  public String schedule() {
    return schedule;
  }

  /**
   * The time zone the schedule is read in.
   *
   * @return the zone; null when there is no schedule, for a fixed rate, or for schedules in several
   *     zones
   */
  public ZoneId zone() {
    return zone;
  }

  /**
   * Whether configuration leaves the lock on on this node ({@code timerlock.enabled} and {@code
   * timerlock.lock."<name>".enabled}).
   *
   * @return false when switched off
   */
  public boolean enabled() {
    return enabled;
  }

  /**
   * Whether the missed-fire watch checks the job's slots.
   *
   * @return true when it is watched
   */
  public boolean watched() {
    return watched;
  }

  /**
   * How long the lock is held at most.
   *
   * @return lockAtMostFor
   */
  public Duration lockAtMostFor() {
    return lockAtMostFor;
  }

  /**
   * How long the lock is held at least.
   *
   * @return lockAtLeastFor
   */
  public Duration lockAtLeastFor() {
    return lockAtLeastFor;
  }

  /**
   * Whether {@link LockedJobs#runNow} can run the job (configuration may still refuse it).
   *
   * @return true when it can
   */
  public boolean runnable() {
    return notRunnableReason == null;
  }

  /**
   * Why {@link LockedJobs#runNow} cannot run the job.
   *
   * @return the reason, or empty when it can
   */
  public Optional<String> notRunnableReason() {
    return Optional.ofNullable(notRunnableReason);
  }

  /**
   * Whether the job has a schedule whose slots TimerLock knows.
   *
   * @return true when {@link #nextSlot} and {@link #latestSlot} can answer
   */
  public boolean scheduled() {
    return slots != null;
  }

  /**
   * The first slot of the schedule strictly after an instant.
   *
   * @param after the instant
   * @return the slot; empty when the job has no known schedule or the schedule has ended
   */
  public Optional<Instant> nextSlot(Instant after) {
    Objects.requireNonNull(after, "after");
    return slots == null ? Optional.empty() : slots.nextAfter(after);
  }

  /**
   * The latest slot of the schedule at or before an instant.
   *
   * @param atOrBefore the instant
   * @return the slot; empty when the job has no known schedule or no slot yet
   */
  public Optional<Instant> latestSlot(Instant atOrBefore) {
    Objects.requireNonNull(atOrBefore, "atOrBefore");
    return slots == null ? Optional.empty() : slots.latestAtOrBefore(atOrBefore);
  }

  /**
   * How long after a slot its fire may still arrive before the lock counts as overdue: {@code
   * timerlock.lock."<name>".grace}, else half the schedule's period, at most five minutes. The
   * missed-fire watch judges the lock's slots with the same grace.
   *
   * @return the grace; empty when the job has no known schedule or its fires are not guarded
   */
  public Optional<Duration> grace() {
    return slots == null ? Optional.empty() : Optional.ofNullable(grace);
  }

  /**
   * The slot from which on the lock is overdue: the first slot after its latest granted fire, once
   * that slot is past its {@link #grace()}. Every node that knows the job judges alike, from the
   * store's row and its own clock, whichever node's watch made the latest check.
   *
   * @param lastFire the latest fire the store granted the lock ({@link
   *     org.timerlock.core.admin.LockInfo#lastFire()}); null when it granted none, which is never
   *     overdue (a new lock and a lock that never ran look the same in the store)
   * @param now the instant to judge at
   * @return the slot; empty when the lock is on time, was never granted a fire, or has no grace
   */
  public Optional<Instant> firstOverdueSlot(Instant lastFire, Instant now) {
    Objects.requireNonNull(now, "now");
    return grace().flatMap(g -> slots.firstOverdue(lastFire, g, now));
  }

  @Override
  public String toString() {
    return "LockedJob['"
        + Printable.of(name)
        + "' "
        + source
        + (method == null ? "" : " " + method)
        + (schedule == null ? "" : " " + schedule)
        + (enabled ? "" : " disabled")
        + "]";
  }
}
