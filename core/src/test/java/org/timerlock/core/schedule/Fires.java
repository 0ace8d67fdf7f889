package org.timerlock.core.schedule;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Lists fires as local date-times with offsets, so tests read like calendars. */
final class Fires {

  private static final DateTimeFormatter FORMAT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd EEE HH:mm:ssXXX", java.util.Locale.ROOT);

  private Fires() {}

  /** The instant of a local date-time in a zone, e.g. {@code at("2024-03-31T02:30", "UTC")}. */
  static Instant at(String localDateTime, String zone) {
    return LocalDateTime.parse(localDateTime).atZone(ZoneId.of(zone)).toInstant();
  }

  /** The first {@code count} fires after {@code from}, formatted in {@code zone}. */
  static List<String> after(CalendarSchedule schedule, Instant from, int count, String zone) {
    List<String> fires = new ArrayList<>();
    Instant t = from;
    for (int i = 0; i < count; i++) {
      Optional<Instant> next = schedule.nextFireAfter(t);
      if (next.isEmpty()) {
        break;
      }
      fires.add(format(next.get(), zone));
      t = next.get();
    }
    return fires;
  }

  /** The last {@code count} fires before {@code to}, latest first, formatted in {@code zone}. */
  static List<String> before(CalendarSchedule schedule, Instant to, int count, String zone) {
    List<String> fires = new ArrayList<>();
    Instant t = to;
    for (int i = 0; i < count; i++) {
      Optional<Instant> previous = schedule.latestFireBefore(t);
      if (previous.isEmpty()) {
        break;
      }
      fires.add(format(previous.get(), zone));
      t = previous.get();
    }
    return fires;
  }

  static String format(Instant instant, String zone) {
    return FORMAT.format(instant.atZone(ZoneId.of(zone)));
  }
}
