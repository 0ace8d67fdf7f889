package org.timerlock.cdi.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.Month;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.timerlock.core.schedule.CalendarSchedule;

/**
 * The {@code runAt} schedules of a Jakarta Concurrency 3.1 {@code @Asynchronous} method, read by
 * reflection so that servers with Concurrency 3.0 (no {@code runAt}) load nothing they lack. The
 * container calls the method at each fire; the fire it serves is the latest slot of its schedules
 * at the call, allowing for a call that starts slightly early by this node's clock.
 */
final class RunAtSchedules {

  /** A call up to this much before its slot, by this node's clock, still serves that slot. */
  private static final long EARLY_MILLIS = 500;

  private RunAtSchedules() {}

  /**
   * The schedules of an {@code @Asynchronous} annotation.
   *
   * @return empty when it has no {@code runAt}
   * @throws IllegalArgumentException when a schedule is invalid
   */
  static List<CalendarSchedule> of(Annotation asynchronous) {
    Object runAt = member(asynchronous, "runAt");
    List<CalendarSchedule> schedules = new ArrayList<>();
    if (runAt == null) {
      return schedules;
    }
    for (int i = 0; i < Array.getLength(runAt); i++) {
      schedules.add(schedule((Annotation) Array.get(runAt, i)));
    }
    return List.copyOf(schedules);
  }

  /**
   * Whether the server's {@code @Asynchronous} has {@code runAt}: its Jakarta Concurrency API is
   * 3.1 or later. Reflection on a 3.0 annotation type drops a {@code runAt} the class file has.
   */
  static boolean known(Annotation asynchronous) {
    try {
      asynchronous.annotationType().getMethod("runAt");
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** The latest fire of any of the schedules at {@code now}, or null when none has fired. */
  static Instant latestFire(List<CalendarSchedule> schedules, Instant now) {
    Instant bound = now.plusMillis(EARLY_MILLIS);
    Instant latest = null;
    for (CalendarSchedule schedule : schedules) {
      Instant fire = schedule.latestFireAtOrBefore(bound).orElse(null);
      if (fire != null && (latest == null || fire.isAfter(latest))) {
        latest = fire;
      }
    }
    return latest;
  }

  private static CalendarSchedule schedule(Annotation s) {
    String zoneName = (String) member(s, "zone");
    ZoneId zone =
        zoneName == null || zoneName.isEmpty() ? ZoneId.systemDefault() : ZoneId.of(zoneName);
    String cron = (String) member(s, "cron");
    if (cron != null && !cron.isEmpty()) {
      return CalendarSchedule.cron(cron, zone);
    }
    return CalendarSchedule.builder()
        .second(list(member(s, "seconds")))
        .minute(list(member(s, "minutes")))
        .hour(list(member(s, "hours")))
        .dayOfMonth(list(member(s, "daysOfMonth")))
        .month(list(member(s, "months")))
        // java.time counts Monday 1 to Sunday 7; the calendar syntax takes 7 as Sunday too.
        .dayOfWeek(list(member(s, "daysOfWeek")))
        .zone(zone)
        .build();
  }

  /** The values of an array member as a calendar list; an empty array means every value. */
  private static String list(Object array) {
    int length = array == null ? 0 : Array.getLength(array);
    if (length == 0) {
      return "*";
    }
    StringJoiner values = new StringJoiner(",");
    for (int i = 0; i < length; i++) {
      Object value = Array.get(array, i);
      int number =
          value instanceof Month m
              ? m.getValue()
              : value instanceof DayOfWeek d ? d.getValue() : (Integer) value;
      values.add(String.valueOf(number));
    }
    return values.toString();
  }

  private static Object member(Annotation annotation, String name) {
    try {
      Method member = annotation.annotationType().getMethod(name);
      return member.invoke(annotation);
    } catch (NoSuchMethodException e) {
      return null; // Concurrency 3.0: no runAt
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException(
          CdiMessage.ANNOTATION_UNREADABLE.text("Cannot read " + name + " of " + annotation), e);
    }
  }
}
