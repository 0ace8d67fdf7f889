package org.timerlock.cdi.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.timerlock.core.schedule.CalendarSchedule;

/**
 * The calendar schedules of an EJB {@code @Schedule} or {@code @Schedules} annotation, read by
 * reflection so that a server without the EJB API loads nothing it lacks. The container reads them
 * to create its timers; TimerLock reads them to know which slots should have run.
 */
final class ScheduleAnnotations {

  private ScheduleAnnotations() {}

  /**
   * The schedules of the annotation.
   *
   * @param annotation a {@code jakarta.ejb.Schedule} or {@code jakarta.ejb.Schedules}
   * @return the schedules, in declaration order
   * @throws IllegalArgumentException when an expression is one TimerLock's calendar cannot read
   */
  static List<CalendarSchedule> of(Annotation annotation) {
    if (annotation.annotationType().getName().equals("jakarta.ejb.Schedule")) {
      return List.of(schedule(annotation));
    }
    Object each = member(annotation, "value");
    List<CalendarSchedule> schedules = new ArrayList<>();
    for (int i = 0; i < Array.getLength(each); i++) {
      schedules.add(schedule((Annotation) Array.get(each, i)));
    }
    return List.copyOf(schedules);
  }

  private static CalendarSchedule schedule(Annotation s) {
    String zone = (String) member(s, "timezone");
    return CalendarSchedule.builder()
        .second((String) member(s, "second"))
        .minute((String) member(s, "minute"))
        .hour((String) member(s, "hour"))
        .dayOfMonth((String) member(s, "dayOfMonth"))
        .month((String) member(s, "month"))
        .dayOfWeek((String) member(s, "dayOfWeek"))
        .year((String) member(s, "year"))
        .zone(zone == null || zone.isBlank() ? ZoneId.systemDefault() : ZoneId.of(zone))
        .build();
  }

  private static Object member(Annotation annotation, String name) {
    try {
      return annotation.annotationType().getMethod(name).invoke(annotation);
    } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException(
          CdiMessage.ANNOTATION_UNREADABLE.text("Cannot read " + name + " of " + annotation), e);
    }
  }
}
