package org.timerlock.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.timerlock.cdi.support.TestConfig.inMemory;

import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.cdi.support.ValidJob;

/**
 * A misspelled {@code timerlock.*} key or a bad value fails the deployment with the key, the value
 * and, where one is close, the key meant.
 */
@TimerLockTest
class ConfigKeyProblemsTest {

  @Inject Deployer deployer;

  @Test
  void unparsableDurationInConfiguration() {
    Map<String, String> config =
        inMemory("timerlock.lock.\"valid\".lock-at-least-for", "3 parsecs");
    deployer
        .assertFails(config, ValidJob.class)
        .hasMessageContaining(ValidJob.class.getName() + ".run()")
        .hasMessageContaining(
            "config key timerlock.lock.\"valid\".lock-at-least-for = \"3 parsecs\"");
  }

  @Test
  void aKeyOfAMethodWhoseSettingsFailedIsNotLoggedAsNamingNoMethod() {
    Map<String, String> config = inMemory("timerlock.lock.\"valid\".lock-at-least-for", "10m");
    List<String> lines;
    try (LoggedLines log = new LoggedLines("org.timerlock.cdi.internal.TimerLockExtension")) {
      deployer
          .assertFails(config, ValidJob.class)
          .hasMessageContaining(
              "config key timerlock.lock.\"valid\".lock-at-least-for = \"10m\" must not be"
                  + " longer than lockAtMostFor of the annotation = \"5m\"");
      lines = log.all();
    }
    assertThat(lines).noneMatch(line -> line.contains("names no @SchedulerLock method"));
  }

  @Test
  void badValueOfALockNoAnnotatedMethodUsesFailsTheDeployment() {
    deployer
        .assertFails(inMemory("timerlock.lock.\"b\".lock-at-most-for", "bogus"), ValidJob.class)
        .hasMessageContaining(
            "config key timerlock.lock.\"b\".lock-at-most-for = \"bogus\": it is not a duration;"
                + " expected a positive duration");
    deployer
        .assertFails(inMemory("timerlock.lock.\"b\".enabled", "off"), ValidJob.class)
        .hasMessageContaining(
            "config key timerlock.lock.\"b\".enabled = \"off\": it is not a boolean; expected"
                + " true or false");
  }

  @Test
  void misspelledProviderAndTopLevelKeysAreRejectedWithTheNearestKey() {
    deployer
        .assertFails(inMemory("timerlock.recording.tabel-name", "jobs"), ValidJob.class)
        .hasMessageContaining(
            "unknown config key timerlock.recording.tabel-name; did you mean"
                + " timerlock.recording.table-name?");
    deployer
        .assertFails(inMemory("timerlock.needs-endpoint.key-prefx", "jobs"), ValidJob.class)
        .hasMessageContaining(
            "unknown config key timerlock.needs-endpoint.key-prefx; did you mean"
                + " timerlock.needs-endpoint.key-prefix?");
    deployer
        .assertFails(inMemory("timerlock.store-failur", "fail"), ValidJob.class)
        .hasMessageContaining(
            "unknown config key timerlock.store-failur; did you mean timerlock.store-failure?");
    deployer
        .assertFails(inMemory("timerlock.zzzzzz", "1"), ValidJob.class)
        .hasMessageContaining("unknown config key timerlock.zzzzzz; no TimerLock key is spelled");
  }

  @Test
  void badValueOfAProviderKeyFailsTheDeploymentEvenForAProviderNotSelected() {
    deployer
        .assertFails(inMemory("timerlock.recording.pool-size", "many"), ValidJob.class)
        .hasMessageContaining(
            "config key timerlock.recording.pool-size = \"many\": it is not a whole");
  }

  @Test
  void unknownStoreFailurePolicy() {
    deployer
        .assertFails(inMemory("timerlock.store-failure", "retry"), ValidJob.class)
        .hasMessageContaining(
            "config key timerlock.store-failure = \"retry\": it is not a known value; expected one"
                + " of skip, fail");
  }

  @Test
  void lockKeyWithoutQuotes() {
    deployer
        .assertFails(inMemory("timerlock.lock.valid.lock-at-most-for", "9m"), ValidJob.class)
        .hasMessageContaining(
            "config key timerlock.lock.valid.lock-at-most-for is not of the form"
                + " timerlock.lock.\"<name>\".<property>");
  }

  @Test
  void misspelledLockProperty() {
    deployer
        .assertFails(inMemory("timerlock.lock.\"valid\".lock-at-most", "9m"), ValidJob.class)
        .hasMessageContaining(
            "config key timerlock.lock.\"valid\".lock-at-most names the unknown lock property"
                + " 'lock-at-most'; did you mean timerlock.lock.\"valid\".lock-at-most-for?");
  }

  @Test
  void misspelledDefaultKey() {
    deployer
        .assertFails(inMemory("timerlock.default.lock-at-most", "9m"), ValidJob.class)
        .hasMessageContaining("unknown config key timerlock.default.lock-at-most");
  }
}
