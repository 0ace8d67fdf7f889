package org.timerlock.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.admin.LockAdmin;

/** The actions, against the in-memory provider's real admin. */
class ActionsTest {

  private final InMemoryLockProvider provider = new InMemoryLockProvider("node-a");
  private final LockAdmin admin = provider.admin().orElseThrow();
  private final Actions actions = new Actions(admin, new NoJobs());

  private String run(String action, Map<String, String> parameters) {
    return actions.run(action, parameters::get, "alice");
  }

  @Test
  void releasesOnlyTheAcquisitionItWasShown() {
    provider.lock(LockConfiguration.of("report", Duration.ofMinutes(5))).orElseThrow();
    String owner = admin.find("report").orElseThrow().owner();

    assertThat(run("release", Map.of("name", "report", "owner", owner + "-other")))
        .contains("not held by that acquisition");
    assertThat(admin.find("report").orElseThrow().held()).isTrue();

    assertThat(run("release", Map.of("name", "report", "owner", owner)))
        .isEqualTo("released 'report'");
    assertThat(admin.find("report").orElseThrow().held()).isFalse();
  }

  @Test
  void refusesMissingOrBadParametersWithTheirCode() {
    assertThatThrownBy(() -> run("release", Map.of("name", "report")))
        .hasMessageStartingWith("TIMERLOCK-506 ")
        .hasMessageContaining("owner is missing");
    assertThatThrownBy(() -> run("pause", Map.of("until", "soon")))
        .hasMessageStartingWith("TIMERLOCK-506 ")
        .hasMessageContaining("name is missing");
    assertThatThrownBy(() -> run("pause", Map.of("name", "report", "until", "soon")))
        .hasMessageStartingWith("TIMERLOCK-506 ")
        .hasMessageContaining("until = 'soon'");
    assertThatThrownBy(() -> run("drop-table", Map.of("name", "report")))
        .hasMessageStartingWith("TIMERLOCK-506 ")
        .hasMessageContaining("no action 'drop-table'");
  }

  @Test
  void pausesInTheCallersNameAndResumes() {
    assertThat(run("pause", Map.of("name", "report", "until", "")))
        .isEqualTo("paused 'report' by alice until resumed");
    assertThat(admin.find("report").orElseThrow().pause().by()).isEqualTo("alice");

    assertThat(run("resume", Map.of("name", "report"))).isEqualTo("resumed 'report'");
    assertThat(admin.find("report").orElseThrow().paused()).isFalse();
    assertThat(run("resume", Map.of("name", "report"))).isEqualTo("'report' was not paused");
  }

  @Test
  void aPauseUntilAPastInstantIsRefusedByTheStore() {
    assertThatThrownBy(
            () -> run("pause", Map.of("name", "report", "until", "2000-01-01T00:00:00Z")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void runNowNeedsAnIntegrationThatCanRunJobs() {
    assertThatThrownBy(() -> run("run-now", Map.of("name", "report")))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageStartingWith("TIMERLOCK-507 ");
  }
}
