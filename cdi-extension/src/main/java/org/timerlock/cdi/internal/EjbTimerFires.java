package org.timerlock.cdi.internal;

import jakarta.ejb.NoMoreTimeoutsException;
import jakarta.ejb.ScheduleExpression;
import jakarta.ejb.Timer;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Date;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.timerlock.core.schedule.CalendarSchedule;

/**
 * The fire instant of an EJB timer callback. Inside the callback every server reports the timer's
 * <em>following</em> timeout, computed from its schedule: the fire being served is the latest slot
 * of the schedule before it. Exact on Open Liberty and WildFly, which compute the following timeout
 * from the current one's scheduled time; on servers that compute it from the current time (Payara,
 * GlassFish) exact while the callback is less than one period late. Only this class touches the EJB
 * API, so it is loaded only when a container passes a timer.
 */
final class EjbTimerFires {

  /** Parsed schedules by their expression: a timer's schedule does not change between fires. */
  private static final Map<String, CalendarSchedule> SCHEDULES = new ConcurrentHashMap<>();

  /**
   * Tolerance for a callback that starts slightly before its scheduled instant by this node's
   * clock, used only for the last fire of a schedule, which has no following timeout.
   */
  private static final long EARLY_MILLIS = 500;

  private EjbTimerFires() {}

  /**
   * The scheduled instant of the fire a timer callback serves.
   *
   * @param timer the {@code jakarta.ejb.Timer} of the invocation
   * @return the fire instant; null for an interval or single-action timer, whose fires the nodes do
   *     not share
   */
  static Instant fireOf(Object timer) {
    if (!(timer instanceof Timer t) || !t.isCalendarTimer()) {
      return null;
    }
    CalendarSchedule schedule = schedule(t.getSchedule());
    Date next;
    try {
      next = t.getNextTimeout();
    } catch (NoMoreTimeoutsException lastFire) {
      return schedule.latestFireAtOrBefore(Instant.now().plusMillis(EARLY_MILLIS)).orElse(null);
    }
    return schedule.latestFireBefore(next.toInstant()).orElse(null);
  }

  private static CalendarSchedule schedule(ScheduleExpression e) {
    String zone = e.getTimezone();
    String key =
        String.join(
            " ",
            e.getSecond(),
            e.getMinute(),
            e.getHour(),
            e.getDayOfMonth(),
            e.getMonth(),
            e.getDayOfWeek(),
            e.getYear(),
            String.valueOf(zone),
            String.valueOf(e.getStart() == null ? null : e.getStart().getTime()),
            String.valueOf(e.getEnd() == null ? null : e.getEnd().getTime()));
    return SCHEDULES.computeIfAbsent(
        key,
        k -> {
          CalendarSchedule.Builder b =
              CalendarSchedule.builder()
                  .second(e.getSecond())
                  .minute(e.getMinute())
                  .hour(e.getHour())
                  .dayOfMonth(e.getDayOfMonth())
                  .month(e.getMonth())
                  .dayOfWeek(e.getDayOfWeek())
                  .year(e.getYear())
                  .zone(zone == null || zone.isBlank() ? ZoneId.systemDefault() : ZoneId.of(zone));
          if (e.getStart() != null) {
            b.start(e.getStart().toInstant());
          }
          if (e.getEnd() != null) {
            b.end(e.getEnd().toInstant());
          }
          return b.build();
        });
  }
}
