package org.timerlock.cdi.duplicates;

import static org.assertj.core.api.Assertions.assertThat;
import static org.timerlock.cdi.support.TestConfig.inMemory;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.TimerLockTest;

/**
 * Two methods with one lock name fail the deployment unless the name is marked shared: only one of
 * them would run at a time. A shared name has one lockAtMostFor and lockAtLeastFor: methods that
 * give it different ones fail the deployment too.
 */
@TimerLockTest
class SharedNameTest {

  @Inject Deployer deployer;

  @Test
  void sameNameOnTwoMethods() {
    deployer
        .assertFails(inMemory(), CopyPastedA.class, CopyPastedB.class)
        .hasMessageContaining("the lock name 'invoices' is used by")
        .hasMessageContaining(CopyPastedA.class.getName() + ".run()")
        .hasMessageContaining(CopyPastedB.class.getName() + ".run()")
        .hasMessageContaining("timerlock.lock.\"invoices\".shared=true");
  }

  @Test
  void sharedFlagThatIsNotABoolean() {
    Map<String, String> config = inMemory("timerlock.lock.\"invoices\".shared", "yes");
    deployer
        .assertFails(config, CopyPastedA.class, CopyPastedB.class)
        .hasMessageContaining(
            "TIMERLOCK-104 @SchedulerLock on "
                + CopyPastedA.class.getName()
                + ".run(): timerlock.lock.\"invoices\".shared = \"yes\": it is not a boolean;"
                + " expected true or false");
  }

  @Test
  void sharedNameWithDifferentDurationsIsRejectedNamingBothMethodsAndValues() {
    Map<String, String> config = inMemory("timerlock.lock.\"invoices\".shared", "true");
    deployer
        .assertFails(config, CopyPastedA.class, ShorterLease.class)
        .satisfies(e -> System.out.println("Shared name, different settings: " + e.getMessage()))
        .hasMessageContaining("TIMERLOCK-227")
        .hasMessageContaining("the shared lock 'invoices' has different settings")
        .hasMessageContaining(CopyPastedA.class.getName() + ".run() (lockAtMostFor PT1H")
        .hasMessageContaining(ShorterLease.class.getName() + ".run() (lockAtMostFor PT10M")
        .hasMessageContaining("timerlock.lock.\"invoices\".lock-at-most-for");
  }

  @Test
  void sharedNameWithTheSameDurationsDeploys() {
    Map<String, String> config = inMemory("timerlock.lock.\"invoices\".shared", "true");
    assertThat(deployer.start(config, CopyPastedA.class, CopyPastedB.class).isRunning()).isTrue();
  }

  @Test
  void sharedNameWhoseDurationsConfigurationSetsForAllDeploys() {
    Map<String, String> config =
        inMemory(
            "timerlock.lock.\"invoices\".shared", "true",
            "timerlock.lock.\"invoices\".lock-at-most-for", "30m");
    assertThat(deployer.start(config, CopyPastedA.class, ShorterLease.class).isRunning()).isTrue();
  }

  @ApplicationScoped
  static class ShorterLease {
    @SchedulerLock(name = "invoices", lockAtMostFor = "10m")
    public void run() {}
  }

  @ApplicationScoped
  static class CopyPastedA {
    @SchedulerLock(name = "invoices", lockAtMostFor = "1h")
    public void run() {}
  }

  @ApplicationScoped
  static class CopyPastedB {
    @SchedulerLock(name = "invoices", lockAtMostFor = "1h")
    public void run() {}
  }
}
