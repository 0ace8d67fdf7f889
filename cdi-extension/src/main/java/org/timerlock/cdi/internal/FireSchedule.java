package org.timerlock.cdi.internal;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.timerlock.core.schedule.CalendarSchedule;

/**
 * The slots of a lock's schedule as every node computes them alike: calendar schedules (EJB
 * {@code @Schedule}, {@code runAt}, cron) or a fixed rate on the epoch grid. The missed-fire watch
 * walks them to find the slots that should have run.
 */
interface FireSchedule {

  /**
   * The first slot strictly after an instant.
   *
   * @param after the instant
   * @return the slot, or null when the schedule has ended
   */
  Instant nextAfter(Instant after);

  /**
   * The latest slot at or before an instant: the slot a catch-up would run.
   *
   * @param atOrBefore the instant
   * @return the slot, or null when the schedule had none yet
   */
  Instant latestAtOrBefore(Instant atOrBefore);

  /**
   * The time zone the schedule is read in, as operators see it.
   *
   * @return the zone; null for a fixed rate, whose slots do not depend on one
   */
  ZoneId zone();

  /**
   * The usual gap between two slots: the gap between the first two slots after an instant.
   *
   * @param from where to look, usually now
   * @return the gap; {@link Duration#ZERO} when the schedule has fewer than two slots left
   */
  default Duration period(Instant from) {
    Instant first = nextAfter(from);
    Instant second = first == null ? null : nextAfter(first);
    return second == null ? Duration.ZERO : Duration.between(first, second);
  }

  /** The slots of one or more calendar schedules: their union. */
  static FireSchedule of(List<CalendarSchedule> schedules) {
    List<CalendarSchedule> all = List.copyOf(schedules);
    return new FireSchedule() {
      @Override
      public Instant nextAfter(Instant after) {
        Instant next = null;
        for (CalendarSchedule schedule : all) {
          Instant fire = schedule.nextFireAfter(after).orElse(null);
          if (fire != null && (next == null || fire.isBefore(next))) {
            next = fire;
          }
        }
        return next;
      }

      @Override
      public Instant latestAtOrBefore(Instant atOrBefore) {
        Instant latest = null;
        for (CalendarSchedule schedule : all) {
          Instant fire = schedule.latestFireAtOrBefore(atOrBefore).orElse(null);
          if (fire != null && (latest == null || fire.isAfter(latest))) {
            latest = fire;
          }
        }
        return latest;
      }

      @Override
      public ZoneId zone() {
        // Several schedules in different zones have no one zone to show.
        ZoneId first = all.get(0).zone();
        return all.stream().allMatch(s -> s.zone().equals(first)) ? first : null;
      }

      @Override
      public String toString() {
        return all.size() == 1 ? all.get(0).toString() : all.toString();
      }
    };
  }

  /** Every {@code period}, at the multiples of the period since the epoch. */
  static FireSchedule fixedRate(Duration period) {
    long millis = period.toMillis();
    return new FireSchedule() {
      @Override
      public Instant nextAfter(Instant after) {
        return Instant.ofEpochMilli((Math.floorDiv(after.toEpochMilli(), millis) + 1) * millis);
      }

      @Override
      public Instant latestAtOrBefore(Instant atOrBefore) {
        return Instant.ofEpochMilli(Math.floorDiv(atOrBefore.toEpochMilli(), millis) * millis);
      }

      @Override
      public ZoneId zone() {
        return null;
      }

      @Override
      public String toString() {
        return "every " + period;
      }
    };
  }
}
