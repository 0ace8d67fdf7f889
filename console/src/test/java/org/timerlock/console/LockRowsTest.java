package org.timerlock.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.admin.LockAdmin;

/** The rows, against the in-memory provider's real admin. */
class LockRowsTest {

  private final InMemoryLockProvider provider = new InMemoryLockProvider("node-a");
  private final LockAdmin admin = provider.admin().orElseThrow();

  private void hold(String name) {
    provider.lock(LockConfiguration.of(name, Duration.ofMinutes(5))).orElseThrow();
  }

  @Test
  void aThousandLocksAreReadAndShownPageByBoundedPage() {
    IntStream.range(0, 1000).forEach(i -> hold(String.format("job-%04d", i)));

    LockRows rows = LockRows.read(admin, new NoJobs(), "");

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

    LockRows rows = LockRows.read(admin, new NoJobs(), " REPORT ");

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
        new Jobs.Job("late-job", "Late.run", "minute=*", "UTC", "EJB", true, null, Instant.EPOCH);
    Jobs jobs = new FixedJobs(List.of(ran, never, off, late));

    List<LockRow> page = LockRows.read(admin, jobs, "").page(0, 50);

    assertThat(page)
        .extracting(LockRow::name, LockRow::state)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("archive", LockRow.State.IDLE),
            org.assertj.core.groups.Tuple.tuple("late-job", LockRow.State.OVERDUE),
            org.assertj.core.groups.Tuple.tuple("nightly-report", LockRow.State.RUNNING),
            org.assertj.core.groups.Tuple.tuple("off-job", LockRow.State.OFF));
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
