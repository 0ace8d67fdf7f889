package org.timerlock.cdi.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.timerlock.cdi.missed.WatchPlatform.checkAt;
import static org.timerlock.cdi.missed.WatchPlatform.checked;
import static org.timerlock.cdi.missed.WatchPlatform.minute;
import static org.timerlock.cdi.missed.WatchPlatform.missed;
import static org.timerlock.cdi.missed.WatchPlatform.ranOn;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.internal.MissedFireWatch;
import org.timerlock.cdi.missed.MinuteJob;
import org.timerlock.cdi.missed.WatchPlatform;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.TimerLockTest;

/**
 * A slot of a scheduled lock that no node took is reported once, in the log, as an event and by the
 * counter, and the overdue gauge rises until a fire runs again; with Micrometer present and the
 * clock moved by the test from one check slot to the next.
 */
@TimerLockTest
class MissedFireMetricsTest {

  private static final String LOCK = MinuteJob.LOCK;

  static volatile SimpleMeterRegistry meters;

  @Inject Deployer deployer;

  /** The application's Micrometer registry. */
  @ApplicationScoped
  static class Meters {
    @Produces
    MeterRegistry registry() {
      return meters;
    }
  }

  @BeforeEach
  void freshStoreClockAndMeters() {
    WatchPlatform.reset(WatchPlatform.NOON.plusSeconds(5));
    meters = new SimpleMeterRegistry();
  }

  @Test
  void aSlotNoNodeTookIsReportedOnceAndTheLockIsOverdueUntilAFireRuns() {
    try (LoggedLines lines = new LoggedLines(MissedFireWatch.class.getName())) {
      EventLog events =
          deployer
              .start(Map.of(), MinuteJob.class, WatchPlatform.class, EventLog.class, Meters.class)
              .select(EventLog.class)
              .get();
      checked(minute(0));
      ranOn(LOCK, minute(0));
      checkAt(minute(1));
      ranOn(LOCK, minute(1));
      checkAt(minute(2));

      assertThat(missed(events)).isEmpty();
      assertThat(lines.warnings()).isEmpty();
      assertThat(overdueSeconds()).isZero();

      // Nobody runs the fire of 12:02.
      checkAt(minute(3));

      assertThat(missed(events)).containsExactly(minute(2));
      assertThat(lines.warnings())
          .singleElement()
          .asString()
          .startsWith("TIMERLOCK-229 ")
          .contains("'minute'", minute(2).toString());
      assertThat(missedCounter()).isEqualTo(1.0);
      assertThat(overdueSeconds()).isEqualTo(60.0);

      // Nor that of 12:03: only the new slot is reported.
      checkAt(minute(4));

      assertThat(missed(events)).containsExactly(minute(2), minute(3));
      assertThat(lines.warnings()).filteredOn(l -> l.contains(minute(2).toString())).hasSize(1);
      assertThat(missedCounter()).isEqualTo(2.0);
      assertThat(overdueSeconds()).isEqualTo(120.0);

      ranOn(LOCK, minute(4));
      checkAt(minute(5));

      assertThat(missed(events)).containsExactly(minute(2), minute(3));
      assertThat(missedCounter()).isEqualTo(2.0);
      assertThat(overdueSeconds()).isZero();
    }
  }

  private static double missedCounter() {
    Counter counter =
        meters.find("timerlock.fire.missed").tag("timerlock.lock.name", LOCK).counter();
    return counter == null ? 0 : counter.count();
  }

  private static double overdueSeconds() {
    Gauge gauge = meters.find("timerlock.lock.overdue").tag("timerlock.lock.name", LOCK).gauge();
    assertThat(gauge).as("the overdue gauge").isNotNull();
    return gauge.value();
  }
}
