package org.timerlock.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.LoggedLines;
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
  void aMisspelledVariableIsRejectedOnceWithTheVariableItWasMeantToBe() {
    ConfigSource misspelled = environment("TIMERLOCK_RECORDING_TABEL_NAME", "x");
    assertThat(misspelled.getPropertyNames())
        .as("SmallRye lists a variable in its own and in the dotted spelling")
        .contains("TIMERLOCK_RECORDING_TABEL_NAME", "timerlock.recording.tabel.name");
    assertOneProblem(
        "TIMERLOCK_RECORDING_TABEL_NAME",
        "x",
        "TIMERLOCK-209 TimerLock: unknown config key TIMERLOCK_RECORDING_TABEL_NAME; did you mean"
            + " TIMERLOCK_RECORDING_TABLE_NAME (timerlock.recording.table-name)?");
    assertOneProblem(
        "TIMERLOCK_STORE_FAILUR",
        "fail",
        "did you mean TIMERLOCK_STORE_FAILURE (timerlock.store-failure)?");
  }

  @Test
  void aMisspelledPerLockVariableIsRejectedOnceWithTheVariableItWasMeantToBe() {
    assertOneProblem(
        "TIMERLOCK_LOCK__NIGHTLY_EXPORT__LOCK_AT_MOST_FRO",
        "PT5M",
        "TIMERLOCK-211 TimerLock: config key TIMERLOCK_LOCK__NIGHTLY_EXPORT__LOCK_AT_MOST_FRO"
            + " names the unknown lock property 'LOCK_AT_MOST_FRO'; did you mean"
            + " TIMERLOCK_LOCK__NIGHTLY_EXPORT__LOCK_AT_MOST_FOR?");
  }

  @Test
  void aBadValueInAVariableNamesTheKeyAndTheVariable() {
    assertOneProblem(
        "TIMERLOCK_DEFAULT_LOCK_AT_MOST_FOR",
        "soon",
        "config key timerlock.default.lock-at-most-for = \"soon\": it is not a duration;"
            + " expected a positive duration");
    assertOneProblem(
        "TIMERLOCK_DEFAULT_LOCK_AT_MOST_FOR",
        "soon",
        "(set as TIMERLOCK_DEFAULT_LOCK_AT_MOST_FOR)");
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
        .hasMessageContaining(
            "did you mean TIMERLOCK_RECORDING_TABLE_NAME (timerlock.recording.table-name)");
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

  @Test
  void aVariableASourceRespellsIsReportedInTheSpellingTheUserWrote() {
    try (LoggedLines log = new LoggedLines("org.timerlock.cdi.internal.TimerLockExtension")) {
      deploy(
          respelledEnvironment(
              Map.of(
                  "TIMERLOCK_LOCK__H3_TASK__LOCK_AT_MOST_FOR", "PT2M",
                  "TIMERLOCK_LOCK__NIGHTLY_EXPORT__LOCK_AT_MOST_FOR", "PT2M")));
      assertThat(log.all())
          .filteredOn(line -> line.contains("names no @SchedulerLock method"))
          .containsExactly(
              "TimerLock: config key TIMERLOCK_LOCK__H3_TASK__LOCK_AT_MOST_FOR names no"
                  + " @SchedulerLock method; it applies if the lock is taken through"
                  + " LockedTasks");
    }
  }

  /**
   * With one more variable beside the one the jobs need, the deployment fails with exactly one
   * problem, in the spelling the variable was given.
   */
  private void assertOneProblem(String variable, String value, String problem) {
    ConfigSource environment =
        new EnvConfigSource(
            Map.of(variable, value, "TIMERLOCK_LOCK__NIGHTLY_EXPORT__LOCK_AT_MOST_FOR", "PT2M"),
            EnvConfigSource.ORDINAL);
    assertThatThrownBy(() -> deploy(environment))
        .satisfies(e -> System.out.println("One variable, problems: " + e.getMessage()))
        .hasMessageContaining(problem)
        .satisfies(
            e ->
                assertThat(e.getMessage().split("TIMERLOCK-", -1))
                    .as("one problem per variable")
                    .hasSize(2));
  }

  /**
   * An environment source as some servers make it: it lists each variable lower-cased with dots for
   * underscores, so that {@code TIMERLOCK_LOCK__H3_TASK__...} of the lock {@code h3-task} is listed
   * as {@code timerlock.lock..h3.task....}, and answers every key whose variable it has.
   */
  private static ConfigSource respelledEnvironment(Map<String, String> variables) {
    Set<String> listed = new HashSet<>();
    variables.keySet().forEach(v -> listed.add(v.toLowerCase(Locale.ROOT).replace('_', '.')));
    return new ConfigSource() {
      @Override
      public Set<String> getPropertyNames() {
        return listed;
      }

      @Override
      public String getValue(String key) {
        return variables.get(key.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT));
      }

      @Override
      public String getName() {
        return "respelled-environment";
      }

      @Override
      public int getOrdinal() {
        return EnvConfigSource.ORDINAL;
      }
    };
  }

  private static ConfigSource environment(String name, String value) {
    return new EnvConfigSource(Map.of(name, value), EnvConfigSource.ORDINAL);
  }
}
