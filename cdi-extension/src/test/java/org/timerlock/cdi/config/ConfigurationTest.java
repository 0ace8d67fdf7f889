package org.timerlock.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.LockedTasks;
import org.timerlock.cdi.storefailure.FailingStoreProducer;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.ReportJob;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.LockProvider;
import org.timerlock.core.LockingTaskExecutor;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.SimpleLock;

/** Settings precedence, provider resolution, store failures and programmatic locking. */
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

  private static Map<String, String> config(String... keysAndValues) {
    Map<String, String> config = new HashMap<>();
    config.put("timerlock.provider", "in-memory");
    for (int i = 0; i < keysAndValues.length; i += 2) {
      config.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return config;
  }

  @Test
  void configurationOverridesAnnotationWhichOverridesDefaults() {
    deploy(
        config(
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
        config(
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
        config(
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
  void storeFailureSkipsAndPublishesByDefault() {
    deploy(
        Map.of(NESTED_SHARED, "true"), ReportJob.class, FailingStoreProducer.class, EventLog.class);
    ReportJob job = container.select(ReportJob.class).get();

    assertThat(job.report()).as("skipped, not thrown").isNull();
    assertThat(job.runs()).isZero();
    List<LockEvent> events = container.select(EventLog.class).get().of("report");
    assertThat(events).extracting(LockEvent::kind).containsExactly(Kind.STORE_FAILURE);
    assertThat(events.get(0).failure())
        .get()
        .isInstanceOf(LockException.class)
        .extracting(Throwable::getMessage)
        .isEqualTo("lock store at 127.0.0.1:1 refused the connection");
  }

  @Test
  void storeFailureIsThrownInFailMode() {
    deploy(
        Map.of("timerlock.store-failure", "fail", NESTED_SHARED, "true"),
        ReportJob.class,
        FailingStoreProducer.class);
    ReportJob job = container.select(ReportJob.class).get();

    assertThatThrownBy(job::report)
        .isInstanceOf(LockException.class)
        .hasMessageContaining("127.0.0.1:1");
    assertThat(job.runs()).isZero();
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

  @Test
  void lockedTasksWrapByNameWithConfiguredDurations() {
    deploy(
        Map.of("timerlock.lock.\"partner-sync\".lock-at-most-for", "7m"),
        SharedStore.class,
        EventLog.class);
    LockedTasks tasks = container.select(LockedTasks.class).get();
    AtomicInteger runs = new AtomicInteger();
    Runnable wrapped = tasks.wrap("partner-sync", runs::incrementAndGet);

    wrapped.run();
    SimpleLock held = SharedStore.otherNodeTakes("partner-sync");
    try {
      wrapped.run();
    } finally {
      held.unlock();
    }

    assertThat(runs).as("ran once, skipped once").hasValue(1);
    List<LockEvent> events = container.select(EventLog.class).get().of("partner-sync");
    assertThat(events)
        .extracting(LockEvent::kind)
        .containsExactly(Kind.ACQUIRED, Kind.RELEASED, Kind.SKIPPED);
    assertThat(events.get(0).configuration().lockAtMostFor()).isEqualTo(Duration.ofMinutes(7));
    assertThat(events.get(0).method()).isEmpty();
  }

  @Test
  void settingsForALockNoMethodUsesAreAccepted() {
    // Such keys may belong to a lock taken through LockedTasks: logged, not rejected.
    deploy(
        config("timerlock.lock.\"only-programmatic\".lock-at-most-for", "3m"), SharedStore.class);
    assertThat(container.select(LockedTasks.class).get().wrap("only-programmatic", () -> {}))
        .isNotNull();
  }

  @Test
  void lockedTasksRejectANameWithoutSettings() {
    deploy(Map.of(), SharedStore.class);
    LockedTasks tasks = container.select(LockedTasks.class).get();

    assertThatThrownBy(() -> tasks.wrap("unknown-job", () -> {}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no lockAtMostFor for lock 'unknown-job'")
        .hasMessageContaining("timerlock.lock.\"unknown-job\".lock-at-most-for");
  }

  @Test
  void lockedTasksWrapCallablesAsOptionals() throws Exception {
    deploy(Map.of(), SharedStore.class);
    LockedTasks tasks = container.select(LockedTasks.class).get();
    LockConfiguration lock = LockConfiguration.of("report-callable", Duration.ofMinutes(1));
    Callable<Optional<String>> wrapped = tasks.wrap(lock, () -> "report");

    assertThat(wrapped.call()).contains("report");
    SimpleLock held = SharedStore.otherNodeTakes("report-callable");
    try {
      assertThat(wrapped.call()).isEmpty();
    } finally {
      held.unlock();
    }
  }

  @Test
  void lockingTaskExecutorIsInjectable() {
    deploy(Map.of(), SharedStore.class);
    LockingTaskExecutor executor = container.select(LockingTaskExecutor.class).get();
    AtomicInteger runs = new AtomicInteger();

    boolean ran =
        executor.executeWithLock(
            (Runnable) runs::incrementAndGet,
            LockConfiguration.of("direct", Duration.ofMinutes(1)));

    assertThat(ran).isTrue();
    assertThat(runs).hasValue(1);
    assertThat(SharedStore.otherNodeCouldTake("direct")).isTrue();
  }
}
