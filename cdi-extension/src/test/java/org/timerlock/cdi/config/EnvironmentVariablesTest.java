package org.timerlock.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.RecordingProviderFactory;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.LockConfiguration;

/**
 * Settings given as environment variables, the way containers and Kubernetes configure a server.
 * The build sets real variables for this test (see the module's pom): {@code
 * TIMERLOCK_DEFAULT_LOCK_AT_LEAST_FOR=PT30S}, {@code
 * TIMERLOCK_LOCK__NIGHTLY_EXPORT__LOCK_AT_MOST_FOR=PT2M}, {@code
 * TIMERLOCK_LOCK__REPORTJOB_REPORT__ENABLED=false} and {@code
 * TIMERLOCK_RECORDING_TABLE_NAME=env_locks}. Misspelled variables come from SmallRye's own
 * environment source fed a map, so they cannot break the other tests.
 */
@TimerLockTest
class EnvironmentVariablesTest {

  @Inject Deployer deployer;

  private WeldContainer container;

  @ApplicationScoped
  static class EnvJobs {
    @SchedulerLock(name = "nightly-export")
    public void export() {}

    @SchedulerLock(name = "ReportJob.report", lockAtMostFor = "1m")
    public String report() {
      return "ran";
    }
  }

  private void deploy(ConfigSource environment) {
    container =
        deployer.start(
            Map.of("timerlock.provider", "recording"), environment, EnvJobs.class, EventLog.class);
  }

  @Test
  void defaultPerLockAndProviderKeysAreReadFromRealEnvironmentVariables() {
    assertThat(System.getenv("TIMERLOCK_LOCK__NIGHTLY_EXPORT__LOCK_AT_MOST_FOR"))
        .as("the build sets the test's environment variables")
        .isEqualTo("PT2M");
    deploy(Deployer.environment());
    EnvJobs jobs = container.select(EnvJobs.class).get();
    EventLog log = container.select(EventLog.class).get();

    jobs.export();
    assertThat(log.of("nightly-export"))
        .first()
        .extracting(LockEvent::configuration)
        .isEqualTo(
            new LockConfiguration("nightly-export", Duration.ofMinutes(2), Duration.ofSeconds(30)));
    assertThat(RecordingProviderFactory.READ.get()).isEqualTo("env_locks");

    assertThat(jobs.report())
        .as("switched off by TIMERLOCK_LOCK__REPORTJOB_REPORT__ENABLED")
        .isNull();
    assertThat(log.of("ReportJob.report"))
        .extracting(LockEvent::kind)
        .containsExactly(Kind.DISABLED);
  }

  @Test
  void aMisspelledVariableIsRejectedWithTheVariableItWasMeantToBe() {
    assertThatThrownBy(() -> deploy(environment("TIMERLOCK_RECORDING_TABEL_NAME", "x")))
        .hasMessageContaining("unknown config key timerlock.recording.tabel.name")
        .hasMessageContaining(
            "did you mean timerlock.recording.table-name (environment variable"
                + " TIMERLOCK_RECORDING_TABLE_NAME)?");
    assertThatThrownBy(() -> deploy(environment("TIMERLOCK_STORE_FAILUR", "fail")))
        .hasMessageContaining("did you mean timerlock.store-failure");
  }

  @Test
  void aBadValueInAVariableNamesTheKeyAndTheVariable() {
    assertThatThrownBy(() -> deploy(environment("TIMERLOCK_DEFAULT_LOCK_AT_MOST_FOR", "soon")))
        .hasMessageContaining(
            "config key timerlock.default.lock-at-most-for = \"soon\": it is not a duration;"
                + " expected a positive duration")
        .hasMessageContaining("(set as timerlock.default.lock.at.most.for)");
  }

  @Test
  void aVariableForALockOfNoAnnotatedMethodIsCheckedAllTheSame() {
    assertThatThrownBy(
            () -> deploy(environment("TIMERLOCK_LOCK__HOURLY_SYNC__LOCK_AT_MOST_FOR", "bogus")))
        .hasMessageContaining(
            "config key timerlock.lock.\"hourly_sync\".lock-at-most-for = \"bogus\": it is not a"
                + " duration");
  }

  @Test
  void aSourceListingRawVariableNamesIsCheckedToo() {
    ConfigSource raw =
        new PropertiesConfigSource(Map.of("TIMERLOCK_RECORDING_TABEL_NAME", "x"), "raw", 300);
    assertThatThrownBy(() -> deploy(raw))
        .hasMessageContaining("unknown config key TIMERLOCK_RECORDING_TABEL_NAME")
        .hasMessageContaining("did you mean timerlock.recording.table-name");
  }

  @Test
  void theTestSuitesAndBenchmarksOwnVariablesAreNotCheckedAsSettings() {
    deploy(
        new EnvConfigSource(
            Map.of(
                "TIMERLOCK_TEST_POSTGRES_URL", "jdbc:postgresql://db/test",
                "TIMERLOCK_BENCH_REDIS_URI", "redis://cache",
                "TIMERLOCK_LOCK__NIGHTLY_EXPORT__LOCK_AT_MOST_FOR", "PT2M"),
            EnvConfigSource.ORDINAL));
    assertThat(container.isRunning()).isTrue();
  }

  private static ConfigSource environment(String name, String value) {
    return new EnvConfigSource(Map.of(name, value), EnvConfigSource.ORDINAL);
  }
}
