package org.timerlock.cdi.internal;

import java.lang.System.Logger.Level;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.timerlock.core.schedule.CalendarSchedule;

/**
 * Where the scheduled instant of a locked method's fire comes from, so that every node names the
 * same fire the same way whatever its clock says: the EJB timer of the call, or the method's
 * Jakarta Concurrency {@code runAt} schedules. Found once per method at deployment.
 */
final class FireSource {

  private static final System.Logger LOG = System.getLogger(FireSource.class.getName());

  /** What schedules the method. */
  enum Kind {
    /** {@code @Schedule} / {@code @Schedules}: EJB calendar timers. */
    EJB_SCHEDULE("each fire of its EJB calendar timers runs once"),
    /** {@code @Timeout}: programmatic EJB timers, calendar or interval. */
    EJB_TIMEOUT("each fire of a calendar timer runs once; interval timers have the lease alone"),
    /** Jakarta Concurrency {@code @Asynchronous(runAt = @Schedule(...))}. */
    RUN_AT("each fire of its runAt schedule runs once"),
    /** No schedule the extension can see: an EJB timer still names its fire at call time. */
    NONE("");

    private final String description;

    Kind(String description) {
      this.description = description;
    }
  }

  /** No schedule known at deployment. */
  static final FireSource NONE = new FireSource(Kind.NONE, List.of());

  private final Kind kind;
  private final List<CalendarSchedule> runAt;
  private final FireSchedule slots;
  private final AtomicBoolean intervalTimerLogged = new AtomicBoolean();

  private FireSource(Kind kind, List<CalendarSchedule> runAt) {
    this(kind, runAt, runAt.isEmpty() ? null : FireSchedule.of(runAt));
  }

  private FireSource(Kind kind, List<CalendarSchedule> runAt, FireSchedule slots) {
    this.kind = kind;
    this.runAt = runAt;
    this.slots = slots;
  }

  /**
   * The source of a method's fires, from its annotations, read by type name so that a server
   * without the EJB or Concurrency 3.1 API loads nothing it lacks.
   *
   * @throws IllegalArgumentException when a {@code runAt} schedule is invalid
   */
  static FireSource of(Method method) {
    for (Annotation annotation : method.getAnnotations()) {
      String type = annotation.annotationType().getName();
      if (type.equals("jakarta.ejb.Schedule") || type.equals("jakarta.ejb.Schedules")) {
        return new FireSource(Kind.EJB_SCHEDULE, List.of(), ejbSchedule(annotation));
      }
      if (type.equals("jakarta.ejb.Timeout")) {
        return new FireSource(Kind.EJB_TIMEOUT, List.of());
      }
      if (type.equals("jakarta.enterprise.concurrent.Asynchronous")) {
        List<CalendarSchedule> schedules = RunAtSchedules.of(annotation);
        if (!schedules.isEmpty()) {
          return new FireSource(Kind.RUN_AT, schedules);
        }
      }
    }
    return NONE;
  }

  /**
   * The slots of the method's schedule, when every node knows them at deployment: those of its
   * {@code @Schedule} or {@code runAt} schedules.
   *
   * @return the slots; empty for programmatic EJB timers and plain calls
   */
  Optional<FireSchedule> schedule() {
    return Optional.ofNullable(slots);
  }

  /** What schedules the method. */
  Kind kind() {
    return kind;
  }

  /** For the deployment summary: how fires are told apart; empty when there is nothing to say. */
  String description() {
    return kind.description;
  }

  /**
   * The scheduled instant of the fire a call serves.
   *
   * @param timer the EJB timer of a timeout call, else null
   * @param where the method, for the one log line about interval timers
   * @return the fire instant, or null when the call has none (a plain call, an interval timer)
   */
  Instant fireOf(Object timer, String where) {
    // Only a runAt schedule needs the clock: a plain call reads none.
    return fireOf(timer, where, timer == null && kind == Kind.RUN_AT ? Instant.now() : null);
  }

  /** As {@link #fireOf(Object, String)}, at a given instant of this node's clock. */
  Instant fireOf(Object timer, String where, Instant now) {
    if (timer != null) {
      Instant fire = EjbTimerFires.fireOf(timer);
      if (fire == null && intervalTimerLogged.compareAndSet(false, true)) {
        LOG.log(
            Level.INFO,
            "TimerLock: {0} is called by an interval or single-action EJB timer, whose fires have"
                + " no instant shared by the nodes: the lease alone decides which node runs it",
            where);
      }
      return fire;
    }
    if (kind == Kind.RUN_AT) {
      return RunAtSchedules.latestFire(runAt, now);
    }
    return null;
  }

  /**
   * The slots of {@code @Schedule}s: their fires are named by the container's timer, so a schedule
   * TimerLock's calendar cannot read only leaves the lock unwatched.
   */
  private static FireSchedule ejbSchedule(Annotation annotation) {
    try {
      return FireSchedule.of(ScheduleAnnotations.of(annotation));
    } catch (IllegalArgumentException | DateTimeException e) {
      LOG.log(
          Level.DEBUG,
          "TimerLock: the schedule {0} is not watched for missed fires: {1}",
          annotation,
          e.getMessage());
      return null;
    }
  }

  @Override
  public String toString() {
    return kind + (runAt.isEmpty() ? "" : " " + Arrays.toString(runAt.toArray()));
  }
}
