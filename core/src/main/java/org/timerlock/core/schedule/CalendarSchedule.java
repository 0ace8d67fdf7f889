package org.timerlock.core.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.timerlock.core.internal.CoreMessage;

/**
 * A calendar schedule, written as EJB calendar attributes or as a cron expression, that tells which
 * scheduled fire an instant belongs to without asking any clock.
 *
 * <p>Fires fall on whole seconds. {@link #builder()} takes the attributes of {@code
 * jakarta.ejb.ScheduleExpression} with its defaults and semantics (Jakarta Enterprise Beans 4.0,
 * "Calendar-Based Time Expressions"), including the rule that when both dayOfMonth and dayOfWeek
 * are restricted a day matching either fires. {@link #cron(String, ZoneId)} takes the expressions
 * of Jakarta Concurrency's {@code CronTrigger}, where a day must match both.
 *
 * <p>Time zones: each matching local date-time fires at the instant {@link
 * java.time.LocalDateTime#atZone} gives it. A local time that occurs twice when the clocks go back
 * fires once, at the earlier offset (the first occurrence). A local time that a jump forward skips
 * fires as much later as the jump (02:30 fires at 03:30 when 02:00 becomes 03:00), as the
 * containers' own {@code Calendar}- and {@code ZonedDateTime}-based timers do, so that their
 * callbacks map to that day's fire; it can coincide with a fire of the first valid hour.
 *
 * <p>Optional start and end instants bound the fires, both inclusive. A search gives up, answering
 * empty, after 100 allowed years without a fire (such as {@code dayOfMonth=30 month=Feb}).
 * Instances are immutable and thread-safe.
 */
public final class CalendarSchedule {

  private final FireSearch search;
  private final ZoneId zone;
  private final Instant start;
  private final Instant end;
  private final String description;

  private CalendarSchedule(
      ScheduleModel model, ZoneId zone, Instant start, Instant end, String description) {
    this.search = new FireSearch(model, zone);
    this.zone = zone;
    this.start = start;
    this.end = end;
    this.description = description;
  }

  /**
   * A builder over the EJB calendar attributes, with {@code jakarta.ejb.ScheduleExpression}'s
   * defaults: second, minute and hour {@code "0"}; dayOfMonth, month, dayOfWeek and year {@code
   * "*"}; no start and no end. The zone has no default and must be set.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A schedule from a Jakarta Concurrency cron expression: six fields {@code "second minute hour
   * dayOfMonth month dayOfWeek"}, or five without the second (which is then 0). Jakarta Concurrency
   * defines no macros such as {@code @daily}; they are rejected.
   *
   * @param expression the cron expression, e.g. {@code "0 9-17 * * MON-FRI"}
   * @param zone the zone the expression is evaluated in
   * @return the schedule
   * @throws IllegalArgumentException naming the field and value when the expression is invalid
   */
  public static CalendarSchedule cron(String expression, ZoneId zone) {
    Objects.requireNonNull(expression, "expression");
    Objects.requireNonNull(zone, "zone");
    return new CalendarSchedule(
        CronParser.parse(expression),
        zone,
        null,
        null,
        "cron '" + expression.trim() + "' zone=" + zone);
  }

  /**
   * The latest fire strictly before {@code t}.
   *
   * @param t any instant
   * @return the fire, or empty when there is none (before the start, or none in 100 years)
   */
  public Optional<Instant> latestFireBefore(Instant t) {
    // Fires are whole seconds: one before t is at most t's second, or the one before when t is
    // whole.
    long second = t.getEpochSecond();
    return latestFireAtOrBefore(t.getNano() == 0 ? second - 1 : second);
  }

  /**
   * The latest fire at or before {@code t}: for a timer callback at {@code t}, the fire it serves.
   *
   * @param t any instant
   * @return the fire, or empty when there is none (before the start, or none in 100 years)
   */
  public Optional<Instant> latestFireAtOrBefore(Instant t) {
    return latestFireAtOrBefore(t.getEpochSecond());
  }

  /**
   * The first fire strictly after {@code t}.
   *
   * @param t any instant
   * @return the fire, or empty when the schedule has ended (after the end, or none in 100 years)
   */
  public Optional<Instant> nextFireAfter(Instant t) {
    long from = t.getEpochSecond() + 1;
    if (start != null) {
      from = Math.max(from, start.getEpochSecond() + (start.getNano() == 0 ? 0 : 1));
    }
    OptionalLong fire = search.firstAtOrAfter(from);
    if (fire.isEmpty() || (end != null && fire.getAsLong() > end.getEpochSecond())) {
      return Optional.empty();
    }
    return Optional.of(Instant.ofEpochSecond(fire.getAsLong()));
  }

  private Optional<Instant> latestFireAtOrBefore(long to) {
    long bound = end == null ? to : Math.min(to, end.getEpochSecond());
    OptionalLong fire = search.lastAtOrBefore(bound);
    if (fire.isEmpty()
        || (start != null && Instant.ofEpochSecond(fire.getAsLong()).isBefore(start))) {
      return Optional.empty();
    }
    return Optional.of(Instant.ofEpochSecond(fire.getAsLong()));
  }

  /**
   * The time zone the schedule's fields are read in.
   *
   * @return the zone
   */
  public ZoneId zone() {
    return zone;
  }

  /**
   * The schedule in readable form, e.g. {@code second=0 minute=*}{@code /5 hour=* dayOfMonth=*
   * month=* dayOfWeek=* year=* zone=UTC}, or {@code cron '0 9 * * MON-FRI' zone=Europe/Berlin}.
   */
  @Override
  public String toString() {
    return description;
  }

  /**
   * Collects EJB calendar attributes; each takes the attribute's text exactly as {@code
   * jakarta.ejb.ScheduleExpression} or {@code @Schedule} would, and {@link #build()} checks it.
   */
  public static final class Builder {

    private String second = "0";
    private String minute = "0";
    private String hour = "0";
    private String dayOfMonth = "*";
    private String month = "*";
    private String dayOfWeek = "*";
    private String year = "*";
    private ZoneId zone;
    private Instant start;
    private Instant end;

    private Builder() {}

    /**
     * Sets the second attribute: 0-59.
     *
     * @param value e.g. {@code "0"}, {@code "*"}, {@code "10,20,30"}, {@code "*}{@code /15"}
     * @return this builder
     */
    public Builder second(String value) {
      this.second = Objects.requireNonNull(value, "second");
      return this;
    }

    /**
     * Sets the minute attribute: 0-59.
     *
     * @param value e.g. {@code "0"}, {@code "*}{@code /5"}, {@code "0-10,30"}
     * @return this builder
     */
    public Builder minute(String value) {
      this.minute = Objects.requireNonNull(value, "minute");
      return this;
    }

    /**
     * Sets the hour attribute: 0-23.
     *
     * @param value e.g. {@code "3"}, {@code "22-2"}, {@code "12/2"}
     * @return this builder
     */
    public Builder hour(String value) {
      this.hour = Objects.requireNonNull(value, "hour");
      return this;
    }

    /**
     * Sets the dayOfMonth attribute: 1-31, -7 to -1 (days before the last day), {@code Last}, or
     * {@code 1st}-{@code 5th} or {@code Last} followed by a weekday.
     *
     * @param value e.g. {@code "1"}, {@code "Last"}, {@code "-1"}, {@code "2nd Tue"}, {@code
     *     "27-3"}
     * @return this builder
     */
    public Builder dayOfMonth(String value) {
      this.dayOfMonth = Objects.requireNonNull(value, "dayOfMonth");
      return this;
    }

    /**
     * Sets the month attribute: 1-12 or {@code Jan}-{@code Dec}.
     *
     * @param value e.g. {@code "Nov"}, {@code "Nov-Feb"}
     * @return this builder
     */
    public Builder month(String value) {
      this.month = Objects.requireNonNull(value, "month");
      return this;
    }

    /**
     * Sets the dayOfWeek attribute: 0-7 (0 and 7 are Sunday) or {@code Sun}-{@code Sat}.
     *
     * @param value e.g. {@code "Mon-Fri"}, {@code "Fri-Mon"}, {@code "0,6"}
     * @return this builder
     */
    public Builder dayOfWeek(String value) {
      this.dayOfWeek = Objects.requireNonNull(value, "dayOfWeek");
      return this;
    }

    /**
     * Sets the year attribute: four-digit years.
     *
     * @param value e.g. {@code "2030"}, {@code "2030-2035"}
     * @return this builder
     */
    public Builder year(String value) {
      this.year = Objects.requireNonNull(value, "year");
      return this;
    }

    /**
     * Sets the zone the attributes are evaluated in; required. Pass the {@code timezone} of the
     * schedule, or the zone the container defaults to when it has none.
     *
     * @param value the zone
     * @return this builder
     */
    public Builder zone(ZoneId value) {
      this.zone = Objects.requireNonNull(value, "zone");
      return this;
    }

    /**
     * Sets the first instant that may fire (inclusive), or {@code null} for none.
     *
     * @param value the start
     * @return this builder
     */
    public Builder start(Instant value) {
      this.start = value;
      return this;
    }

    /**
     * Sets the last instant that may fire (inclusive), or {@code null} for none.
     *
     * @param value the end
     * @return this builder
     */
    public Builder end(Instant value) {
      this.end = value;
      return this;
    }

    /**
     * Checks the attributes and builds the schedule.
     *
     * @return the schedule
     * @throws IllegalStateException when no zone was set
     * @throws IllegalArgumentException naming the attribute and value that break the syntax
     */
    public CalendarSchedule build() {
      if (zone == null) {
        throw new IllegalStateException(
            CoreMessage.SCHEDULE_SYNTAX.text(
                "A calendar schedule needs a zone: the schedule's timezone, or the container's"
                    + " default"));
      }
      String description =
          "second="
              + second.trim()
              + " minute="
              + minute.trim()
              + " hour="
              + hour.trim()
              + " dayOfMonth="
              + dayOfMonth.trim()
              + " month="
              + month.trim()
              + " dayOfWeek="
              + dayOfWeek.trim()
              + " year="
              + year.trim()
              + " zone="
              + zone
              + (start == null ? "" : " start=" + start)
              + (end == null ? "" : " end=" + end);
      ScheduleModel model =
          CalendarFieldParser.parse(
              second, minute, hour, dayOfMonth, month, dayOfWeek, year, description);
      return new CalendarSchedule(model, zone, start, end, description);
    }
  }
}
