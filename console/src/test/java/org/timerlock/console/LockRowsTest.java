package org.timerlock.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.JobSource;
import org.timerlock.cdi.LockedJob;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.admin.LockAdmin;

/** The rows, against the in-memory provider's real admin. */
class LockRowsTest {

  private static final Instant NOW = Instant.parse("2030-01-01T12:00:20Z");
  private static final Duration GRACE = Duration.ofSeconds(30);

  private final InMemoryLockProvider provider = new InMemoryLockProvider("node-a");
  private final LockAdmin admin = provider.admin().orElseThrow();

  private void hold(String name) {
    provider.lock(LockConfiguration.of(name, Duration.ofMinutes(5))).orElseThrow();
  }

  /** Grants a lock the fire of a slot through the store's fire guard, and lets the run end. */
  private void fire(String name, Instant slot) {
    provider
        .lock(LockConfiguration.of(name, Duration.ofMinutes(5)).forFire(slot))
        .orElseThrow()
        .unlock();
  }

  /** The slots of a job every minute on the minute. */
  private static final LockedJob.Slots EVERY_MINUTE =
      new LockedJob.Slots() {
        @Override
        public Optional<Instant> nextAfter(Instant after) {
          return Optional.of(after.truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1)));
        }

        @Override
        public Optional<Instant> latestAtOrBefore(Instant atOrBefore) {
          return Optional.of(atOrBefore.truncatedTo(ChronoUnit.MINUTES));
        }
      };

  /** A job every minute on the minute, judged as the deployment's jobs judge it. */
  private static Jobs.Job everyMinute(String name, boolean enabled) {
    LockedJob job =
        new LockedJob(
            name,
            null,
            JobSource.LOCKED_TASKS,
            "every PT1M",
            null,
            enabled,
            true,
            Duration.ofMinutes(5),
            Duration.ZERO,
            null,
            EVERY_MINUTE,
            GRACE);
    return new Jobs.Job(
        name, null, job.schedule(), null, "LockedTasks", enabled, null, job::firstOverdueSlot);
  }

  @Test
  void aLockWhoseSlotPassedItsGraceUngrantedIsOverdueSinceThatSlot() {
    Instant twoMinutesAgo = Instant.parse("2030-01-01T11:58:00Z");
    fire("late", twoMinutesAgo);
    fire("late-and-off", twoMinutesAgo);
    fire("in-grace", Instant.parse("2030-01-01T11:59:00Z"));
    fire("on-time", Instant.parse("2030-01-01T12:00:00Z"));
    Jobs jobs =
        new FixedJobs(
            List.of(
                everyMinute("late", true),
                everyMinute("late-and-off", false),
                everyMinute("in-grace", true),
                everyMinute("on-time", true),
                everyMinute("never-granted", true)));

    List<LockRow> page = LockRows.read(admin, jobs, "", NOW).page(0, 50);

    assertThat(page)
        .extracting(LockRow::name, LockRow::state, LockRow::overdueSlot)
        .containsExactly(
            tuple("in-grace", LockRow.State.IDLE, null),
            tuple("late", LockRow.State.OVERDUE, Instant.parse("2030-01-01T11:59:00Z")),
            tuple("late-and-off", LockRow.State.OVERDUE, Instant.parse("2030-01-01T11:59:00Z")),
            tuple("never-granted", LockRow.State.IDLE, null),
            tuple("on-time", LockRow.State.IDLE, null));
    Json json = new Json();
    RowJson.write(json, page.get(1));
    assertThat(json.toString())
        .contains("\"state\":\"OVERDUE\"")
        .contains("\"overdueSlot\":\"2030-01-01T11:59:00Z\"");
  }

  @Test
  void aLockKeptByLockAtLeastForAfterItsRunIsRestingNotRunning() {
    provider
        .lock(new LockConfiguration("resting", Duration.ofMinutes(10), Duration.ofMinutes(5)))
        .orElseThrow()
        .unlock();
    provider.lock(LockConfiguration.of("running", Duration.ofMinutes(10))).orElseThrow();
    provider
        .lock(LockConfiguration.of("ran-before", Duration.ofMinutes(10)))
        .orElseThrow()
        .unlock();
    provider.lock(LockConfiguration.of("ran-before", Duration.ofMinutes(10))).orElseThrow();

    assertThat(LockRows.read(admin, new NoJobs(), "", NOW).page(0, 50))
        .extracting(LockRow::name, LockRow::state)
        .containsExactly(
            tuple("ran-before", LockRow.State.RUNNING),
            tuple("resting", LockRow.State.RESTING),
            tuple("running", LockRow.State.RUNNING));
  }

  @Test
  void aHeldOrPausedLockShowsThatBeforeItsOverdueSlot() {
    Instant longAgo = Instant.parse("2030-01-01T11:00:00Z");
    fire("held", longAgo);
    fire("paused", longAgo);
    provider.lock(LockConfiguration.of("held", Duration.ofMinutes(5))).orElseThrow();
    admin.pause("paused", null, "ops");
    Jobs jobs = new FixedJobs(List.of(everyMinute("held", true), everyMinute("paused", true)));

    assertThat(LockRows.read(admin, jobs, "", NOW).page(0, 50))
        .extracting(LockRow::name, LockRow::state)
        .containsExactly(
            tuple("held", LockRow.State.RUNNING), tuple("paused", LockRow.State.PAUSED));
  }

  @Test
  void aThousandLocksAreReadAndShownPageByBoundedPage() {
    IntStream.range(0, 1000).forEach(i -> hold(String.format("job-%04d", i)));

    LockRows rows = LockRows.read(admin, new NoJobs(), "", NOW);

    assertThat(rows.total()).isEqualTo(1000);
    assertThat(rows.truncated()).isFalse();
    assertThat(rows.page(0, Integer.MAX_VALUE)).hasSize(LockRows.MAX_VIEW);
    assertThat(rows.page(950, 50)).extracting(LockRow::name).first().isEqualTo("job-0950");
    assertThat(rows.page(990, 50)).hasSize(10);
    assertThat(rows.page(5000, 50)).isEmpty();
    assertThat(rows.page(-7, -3)).extracting(LockRow::name).containsExactly("job-0000");
    assertThat(rows.nodes()).containsExactly("node-a");
  }

  @Test
  void searchesByNameIgnoringCase() {
    List.of("Nightly-Report", "cache-refresh", "report-weekly").forEach(this::hold);

    LockRows rows = LockRows.read(admin, new NoJobs(), " REPORT ", NOW);

    assertThat(rows.page(0, 50))
        .extracting(LockRow::name)
        .containsExactly("Nightly-Report", "report-weekly");
  }

  @Test
  void joinsTheDeploymentsJobsAndKeepsThoseThatNeverRan() {
    hold("nightly-report");
    Jobs.Job ran =
        new Jobs.Job("nightly-report", "Nightly.run", "hour=2", "UTC", "EJB", true, null, null);
    Jobs.Job never = new Jobs.Job("archive", "Archive.run", null, null, "call", true, null, null);
    Jobs.Job off = new Jobs.Job("off-job", "Off.run", "minute=*", "UTC", "EJB", false, null, null);
    Jobs.Job late =
        new Jobs.Job(
            "late-job",
            "Late.run",
            "minute=*",
            "UTC",
            "EJB",
            true,
            null,
            (lastFire, now) -> Optional.of(Instant.EPOCH));
    Jobs jobs = new FixedJobs(List.of(ran, never, off, late));

    List<LockRow> page = LockRows.read(admin, jobs, "", NOW).page(0, 50);

    assertThat(page)
        .extracting(LockRow::name, LockRow::state)
        .containsExactly(
            tuple("archive", LockRow.State.IDLE),
            tuple("late-job", LockRow.State.OVERDUE),
            tuple("nightly-report", LockRow.State.RUNNING),
            tuple("off-job", LockRow.State.OFF));
    assertThat(page.get(2).job()).isEqualTo(ran);
    assertThat(page.get(2).lock().nodeId()).isEqualTo("node-a");
  }

  /** A deployment with the given jobs. */
  private record FixedJobs(List<Jobs.Job> all) implements Jobs {
    @Override
    public boolean canRunNow() {
      return false;
    }

    @Override
    public String runNow(String name, String by) {
      throw new UnsupportedOperationException();
    }
  }
}
