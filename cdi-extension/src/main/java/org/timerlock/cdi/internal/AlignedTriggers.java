package org.timerlock.cdi.internal;

import jakarta.enterprise.concurrent.LastExecution;
import jakarta.enterprise.concurrent.Trigger;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.timerlock.core.schedule.CalendarSchedule;

/**
 * Triggers whose fires fall on the same instants on every node, whenever each node started: a fixed
 * rate on the epoch grid, or a calendar schedule. A run starts at the first slot after the previous
 * run's slot that is not in the past.
 */
public final class AlignedTriggers {

  private AlignedTriggers() {}

  /**
   * Every {@code period}, at the multiples of the period since the epoch (a period of one minute
   * fires at every full minute, UTC).
   *
   * @param period the period, at least one millisecond
   * @return the trigger
   * @throws IllegalArgumentException when the period is shorter than one millisecond
   */
  public static Trigger fixedRate(Duration period) {
    long millis = period.toMillis();
    if (millis < 1) {
      throw new IllegalArgumentException(
          CdiMessage.INVALID_ARGUMENT.text(
              "The period of an aligned schedule must be at least 1 ms, was " + period));
    }
    return new Aligned(FireSchedule.fixedRate(period));
  }

  /**
   * At the fires of a calendar schedule.
   *
   * @param schedule the schedule
   * @return the trigger; it ends with the schedule
   */
  public static Trigger of(CalendarSchedule schedule) {
    return new Aligned(FireSchedule.of(List.of(schedule)));
  }

  /** The common rule: the first slot after both now and the previous slot. */
  private static final class Aligned implements Trigger {

    private final FireSchedule slots;

    Aligned(FireSchedule slots) {
      this.slots = slots;
    }

    @Override
    public Date getNextRunTime(LastExecution lastExecution, Date taskScheduledTime) {
      Instant after = Instant.now();
      if (lastExecution != null && lastExecution.getScheduledStart() != null) {
        Instant previous = lastExecution.getScheduledStart().toInstant();
        after = previous.isAfter(after) ? previous : after;
      }
      Instant next = slots.nextAfter(after);
      return next == null ? null : Date.from(next);
    }

    @Override
    public boolean skipRun(LastExecution lastExecution, Date scheduledRunTime) {
      return false;
    }
  }
}
