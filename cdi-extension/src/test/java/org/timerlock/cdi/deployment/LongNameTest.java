package org.timerlock.cdi.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.timerlock.cdi.support.TestConfig.inMemory;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.TimerLockTest;

/**
 * A lock name of thousands of characters (one made from configuration, say) is shown by its start
 * only, in every deployment problem and log line: the message stays readable and its length does
 * not grow with the name.
 */
@TimerLockTest
class LongNameTest {

  /** 2,000 characters, starting with a readable part a reader can find the lock by. */
  static final String LONG_NAME = "nightly-export-" + "x".repeat(1985);

  /** What a message may show of it: its start. */
  static final String START = LONG_NAME.substring(0, 60);

  /** Generous for the message around one or two shortened names, far below one full name. */
  static final int MAX_MESSAGE_LENGTH = 1000;

  @Inject Deployer deployer;

  @ApplicationScoped
  static class ConfiguredName {
    @SchedulerLock(name = "${jobs.lock-name}", lockAtMostFor = "5m")
    public void run() {}
  }

  @ApplicationScoped
  static class SameConfiguredName {
    @SchedulerLock(name = "${jobs.lock-name}", lockAtMostFor = "5m")
    public void run() {}
  }

  @ApplicationScoped
  static class ConfiguredNameWithoutLease {
    @SchedulerLock(name = "${jobs.lock-name}")
    public void run() {}
  }

  @Test
  void nameTooLongForTheStore() {
    assertShort(
        Map.of("jobs.lock-name", LONG_NAME),
        "has 2000 characters",
        ConfiguredName.class,
        ProviderProblemsTest.TenCharacterStore.class);
  }

  @Test
  void nameUsedByTwoMethods() {
    assertShort(
        inMemory("jobs.lock-name", LONG_NAME),
        "is used by",
        ConfiguredName.class,
        SameConfiguredName.class);
  }

  @Test
  void nameWithoutLockAtMostFor() {
    assertShort(
        inMemory("jobs.lock-name", LONG_NAME),
        "no lockAtMostFor",
        ConfiguredNameWithoutLease.class);
  }

  @Test
  void deploymentLogLines() {
    List<String> lines;
    try (LoggedLines log = new LoggedLines("org.timerlock.cdi.internal.TimerLockExtension")) {
      deployer.start(
          inMemory(
              "jobs.lock-name", LONG_NAME, "timerlock.lock.\"" + LONG_NAME + "\".enabled", "false"),
          ConfiguredName.class);
      lines = log.all();
    }
    List<String> naming = lines.stream().filter(l -> l.contains(START)).toList();
    System.out.println("Deployment log lines naming the lock: " + naming);
    assertThat(naming).hasSizeGreaterThanOrEqualTo(2);
    assertThat(naming).allSatisfy(line -> assertThat(line.length()).isLessThan(MAX_MESSAGE_LENGTH));
  }

  private void assertShort(Map<String, String> config, String problem, Class<?>... beans) {
    deployer
        .assertFails(config, beans)
        .satisfies(
            e -> {
              System.out.println(
                  "Deployment error ("
                      + e.getMessage().length()
                      + " characters): "
                      + e.getMessage());
              assertThat(e.getMessage())
                  .contains(problem)
                  .contains(START)
                  .doesNotContain(LONG_NAME.substring(0, 200));
              assertThat(e.getMessage().length()).isLessThan(MAX_MESSAGE_LENGTH);
            });
  }
}
