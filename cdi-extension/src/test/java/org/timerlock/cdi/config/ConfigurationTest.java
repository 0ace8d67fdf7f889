package org.timerlock.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.timerlock.cdi.support.TestConfig.inMemory;

import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.LockedTasks;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.ReportJob;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.SimpleLock;

/** Settings precedence, expressions, provider resolution and the node id. */
@TimerLockTest
class ConfigurationTest {

  @Inject Deployer deployer;

  /** ReportJob's outer() and inner() share the lock 'nested' on purpose. */
  private static final String NESTED_SHARED = "timerlock.lock.\"nested\".shared";

  private WeldContainer container;

  private void deploy(Map<String, String> config, Class<?>... beans) {
    container = deployer.start(config, beans);
  }

  private LockConfiguration effective(String lockName, Runnable call) {
    call.run();
    return container.select(EventLog.class).get().of(lockName).stream()
        .filter(e -> e.kind() == Kind.ACQUIRED)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no lock taken for " + lockName))
        .configuration();
  }

  @Test
  void configurationOverridesAnnotationWhichOverridesDefaults() {
    deploy(
        inMemory(
            "timerlock.lock.\"overridden\".lock-at-most-for", "PT20M",
            "timerlock.lock.\"overridden\".lock-at-least-for", "2m",
            "timerlock.default.lock-at-most-for", "3h",
            "timerlock.default.lock-at-least-for", "5s",
            "jobs.export.name", "export",
            "jobs.export.max", "1h"),
        ConfiguredJobs.class,
        EventLog.class);
    ConfiguredJobs jobs = container.select(ConfiguredJobs.class).get();

    assertThat(effective("overridden", jobs::overridden))
        .isEqualTo(
            new LockConfiguration("overridden", Duration.ofMinutes(20), Duration.ofMinutes(2)));
    assertThat(effective("annotated", jobs::annotated))
        .as("annotation's lockAtMostFor, default lockAtLeastFor")
        .isEqualTo(
            new LockConfiguration("annotated", Duration.ofMinutes(10), Duration.ofSeconds(5)));
    assertThat(effective("defaulted", jobs::defaulted))
        .isEqualTo(new LockConfiguration("defaulted", Duration.ofHours(3), Duration.ofSeconds(5)));
  }

  @Test
  void expressionsResolveThroughConfigWithDefaults() {
    deploy(
        inMemory(
            "jobs.export.name",
            "nightly-export",
            "jobs.export.max",
            "45m",
            "timerlock.default.lock-at-most-for",
            "1h"),
        ConfiguredJobs.class,
        EventLog.class);
    ConfiguredJobs jobs = container.select(ConfiguredJobs.class).get();

    assertThat(effective("nightly-export", jobs::expressions))
        .isEqualTo(
            new LockConfiguration(
                "nightly-export", Duration.ofMinutes(45), Duration.ofSeconds(30)));
  }

  @Test
  void providerIsBuiltFromConfiguration() {
    deploy(
        inMemory(
            "timerlock.default.lock-at-most-for",
            "1h",
            "jobs.export.name",
            "e",
            "jobs.export.max",
            "1h"),
        ConfiguredJobs.class);
    assertThat(container.select(LockProvider.class).get()).isInstanceOf(InMemoryLockProvider.class);
    assertThat(container.select(ConfiguredJobs.class).get().annotated()).isEqualTo("ran");
  }

  @Test
  void applicationLockProviderWinsOverConfiguration() {
    // The configured type does not even exist: it is never looked at.
    deploy(
        Map.of("timerlock.provider", "zookeeper", NESTED_SHARED, "true"),
        ReportJob.class,
        SharedStore.class);
    assertThat(container.select(LockProvider.class).get()).isSameAs(SharedStore.STORE);

    SimpleLock held = SharedStore.otherNodeTakes("report");
    try {
      assertThat(container.select(ReportJob.class).get().report()).as("skipped").isNull();
    } finally {
      held.unlock();
    }
  }

  @Test
  void theApplicationReadsTheNodeIdThatLockEventsAndOwnersCarry() {
    deploy(Map.of("timerlock.node-id", "node-7"), SharedStore.class, EventLog.class);
    LockedTasks tasks = container.select(LockedTasks.class).get();

    tasks.wrap(LockConfiguration.of("node-id", Duration.ofMinutes(1)), () -> {}).run();

    assertThat(tasks.nodeId()).isEqualTo("node-7");
    assertThat(container.select(EventLog.class).get().of("node-id"))
        .extracting(LockEvent::nodeId)
        .containsOnly("node-7");
  }

  @Test
  void withoutAConfiguredNodeIdTheServersDefaultIsUsed() {
    deploy(Map.of(), SharedStore.class);

    assertThat(container.select(LockedTasks.class).get().nodeId())
        .isEqualTo(OwnerIds.defaultNodeId());
  }
}
