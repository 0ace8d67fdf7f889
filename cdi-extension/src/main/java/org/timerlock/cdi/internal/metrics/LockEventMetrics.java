package org.timerlock.cdi.internal.metrics;

import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.internal.OverdueLocks;

/**
 * Turns {@link LockEvent}s into measurements; a subclass writes them to one metrics API. The
 * instruments, each with the attribute {@value #LOCK_NAME}:
 *
 * <ul>
 *   <li>{@value #ACQUIRED} (counter, {@code {acquisition}}): locks taken, jobs started;
 *   <li>{@value #SKIPPED} (counter, {@code {call}}): calls that did not run, with {@value #REASON}
 *       = {@code held_elsewhere}, {@code held_by_this_node}, {@code already_ran}, {@code disabled},
 *       {@code paused} (an operator paused the lock) or {@code shutting_down} (the application is
 *       stopping);
 *   <li>{@value #STORE_FAILURES} (counter, {@code {failure}}): store calls that failed, with
 *       {@value #OPERATION} = {@code acquire}, {@code release} or {@code extend};
 *   <li>{@value #JOB_DURATION} (histogram, {@code s}): how long the jobs ran, with {@value
 *       #ERROR_TYPE} = the exception's class name when the job threw (left out when it did not;
 *       {@code none} on Micrometer, whose registries want the same tags on every meter of a name);
 *   <li>{@value #HOLD_DURATION} (histogram, {@code s}): how long this node held the lock, from the
 *       acquisition to the end of the release;
 *   <li>{@value #MISSED_FIRES} (counter, {@code {fire}}): slots of a lock's schedule that no node
 *       took, counted once in the cluster by the node that found them;
 *   <li>{@value #OVERDUE} (gauge, {@code s}): how late each scheduled lock is, 0 when on time, as
 *       this node's latest missed-fire check found it (see {@link
 *       org.timerlock.cdi.internal.OverdueLocks}: take the maximum over the nodes).
 * </ul>
 *
 * Events arrive on the job's thread, so the acquisition time waits in a thread-local until the
 * release. The metrics expect a fixed set of lock names: past {@code timerlock.metrics.max-locks}
 * names, further ones are recorded under {@value MetricTags#OVERFLOW} (see {@link MetricTags}).
 */
public abstract class LockEventMetrics {

  /** Locks taken. */
  public static final String ACQUIRED = "timerlock.lock.acquired";

  /** Calls skipped. */
  public static final String SKIPPED = "timerlock.lock.skipped";

  /** Store calls that failed. */
  public static final String STORE_FAILURES = "timerlock.store.failures";

  /** Job run time. */
  public static final String JOB_DURATION = "timerlock.job.duration";

  /** Lock hold time. */
  public static final String HOLD_DURATION = "timerlock.lock.hold.duration";

  /** Slots of a schedule that no node took. */
  public static final String MISSED_FIRES = "timerlock.fire.missed";

  /** How late a scheduled lock is. */
  public static final String OVERDUE = "timerlock.lock.overdue";

  /** The lock name attribute. */
  public static final String LOCK_NAME = "timerlock.lock.name";

  /** Why a call was skipped. */
  public static final String REASON = "timerlock.skip.reason";

  /** The failed store operation. */
  public static final String OPERATION = "timerlock.store.operation";

  /** The class of the job's exception, OpenTelemetry's attribute for errors. */
  public static final String ERROR_TYPE = "error.type";

  private final ThreadLocal<Map<String, Long>> acquiredAt = ThreadLocal.withInitial(HashMap::new);

  @Inject MetricTags tags;

  @Inject OverdueLocks overdue;

  /** For subclasses. */
  protected LockEventMetrics() {}

  /**
   * Records what an event says.
   *
   * @param event the event
   */
  public void record(LockEvent event) {
    String name = tags.of(event.lockName());
    switch (event.kind()) {
      case ACQUIRED -> {
        acquiredAt.get().put(event.lockName(), System.nanoTime());
        count(ACQUIRED, name, null, null);
      }
      case SKIPPED -> count(SKIPPED, name, REASON, "held_elsewhere");
      case HELD_BY_THIS_NODE -> count(SKIPPED, name, REASON, "held_by_this_node");
      case ALREADY_RAN -> count(SKIPPED, name, REASON, "already_ran");
      case DISABLED -> count(SKIPPED, name, REASON, "disabled");
      case PAUSED -> count(SKIPPED, name, REASON, "paused");
      case SHUTTING_DOWN -> count(SKIPPED, name, REASON, "shutting_down");
      case STORE_FAILURE ->
          count(
              STORE_FAILURES,
              name,
              OPERATION,
              event.operation().map(o -> o.name().toLowerCase(Locale.ROOT)).orElse(""));
      case RELEASED -> released(event, name);
      case MISSED -> count(MISSED_FIRES, name, null, null);
      case PAUSE_STARTED, PAUSE_ENDED, RUN_NOW -> {
        // Operators' actions: audited in the log and by the event, not measured.
      }
    }
  }

  private void released(LockEvent event, String name) {
    event
        .ranFor()
        .ifPresent(
            ranFor ->
                duration(
                    JOB_DURATION,
                    name,
                    ERROR_TYPE,
                    event.failure().map(f -> f.getClass().getName()).orElse(null),
                    ranFor));
    Long since = acquiredAt.get().remove(event.lockName());
    if (since != null) {
      duration(HOLD_DURATION, name, null, null, Duration.ofNanos(System.nanoTime() - since));
    }
  }

  /**
   * Adds one to a counter.
   *
   * @param instrument the counter's name
   * @param lockName the lock name
   * @param key a second attribute's key, or null
   * @param value its value, or null
   */
  protected abstract void count(String instrument, String lockName, String key, String value);

  /**
   * Records a duration in a histogram (a timer).
   *
   * @param instrument the histogram's name
   * @param lockName the lock name
   * @param key a second attribute's key, or null
   * @param value its value, or null (then the attribute is left out)
   * @param duration the duration
   */
  protected abstract void duration(
      String instrument, String lockName, String key, String value, Duration duration);
}
