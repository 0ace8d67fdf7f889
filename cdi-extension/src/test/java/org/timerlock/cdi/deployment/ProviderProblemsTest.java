package org.timerlock.cdi.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.internal.TimerLockExtension;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.cdi.support.ValidJob;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;

/**
 * A lock provider that cannot be found or built, or a store that cannot hold a lock name, fails the
 * deployment.
 */
@TimerLockTest
class ProviderProblemsTest {

  @Inject Deployer deployer;

  @Test
  void nameLongerThanTheStoreAccepts() {
    deployer
        .assertFails(Map.of(), LongName.class, TenCharacterStore.class)
        .hasMessageContaining(LongName.class.getName() + ".run()")
        .hasMessageContaining("the lock name 'a-rather-long-lock-name' has 23 characters")
        .hasMessageContaining("accepts at most 10");
  }

  @Test
  void unknownProvider() {
    deployer
        .assertFails(Map.of("timerlock.provider", "zookeeper"), ValidJob.class)
        .hasMessageContaining("timerlock.provider = \"zookeeper\" names no lock provider")
        .hasMessageContaining("available: [")
        .hasMessageContaining("in-memory")
        .hasMessageContaining("needs-endpoint");
  }

  @Test
  void providerThatCannotBeBuilt() {
    deployer
        .assertFails(Map.of("timerlock.provider", "needs-endpoint"), ValidJob.class)
        .hasMessageContaining(
            "the lock provider timerlock.provider = \"needs-endpoint\" cannot be built:"
                + " timerlock.test.endpoint is not set");
  }

  @Test
  void providerWhoseClientMissesAClassNamesItAndCarriesTheError() {
    deployer
        .assertFails(
            Map.of(
                "timerlock.provider",
                "needs-endpoint",
                "timerlock.test.endpoint",
                "client-without-slf4j"),
            ValidJob.class)
        .hasMessageContaining(
            "the lock provider timerlock.provider = \"needs-endpoint\" cannot be built:"
                + " java.lang.NoClassDefFoundError: org/slf4j/LoggerFactory")
        .hasRootCauseInstanceOf(NoClassDefFoundError.class);
  }

  @Test
  void aStoreDownAtDeploymentIsStillNamedInTheDeploymentLines() {
    try (LoggedLines log = new LoggedLines(TimerLockExtension.class.getName())) {
      deployer.start(Map.of(), ValidJob.class, StoreDownAtDeployment.class);
      assertThat(log.all())
          .filteredOn(line -> line.contains("runs under lock"))
          .isNotEmpty()
          .allMatch(line -> line.endsWith(" in " + StoreDownAtDeployment.DESCRIPTION), "names it");
      assertThat(log.warnings())
          .anyMatch(line -> line.contains("could not ask the lock store"), "the limit unknown");
    }
  }

  @ApplicationScoped
  static class LongName {
    @SchedulerLock(name = "a-rather-long-lock-name", lockAtMostFor = "1h")
    public void run() {}
  }

  /**
   * A store whose limit cannot be read at deployment (a JNDI DataSource not yet reachable): its
   * description needs no store.
   */
  @ApplicationScoped
  static class StoreDownAtDeployment {
    static final String DESCRIPTION = "JDBC table shedlock (java:comp/DefaultDataSource)";

    @Produces
    LockProvider provider() {
      return new InMemoryWithLimit(
          () -> {
            throw new IllegalStateException("NameNotFoundException: java:comp/DefaultDataSource");
          },
          DESCRIPTION);
    }
  }

  @ApplicationScoped
  static class TenCharacterStore {
    @Produces
    LockProvider provider() {
      return new InMemoryWithLimit(() -> 10, "in-memory, ten characters a name");
    }
  }

  /** An in-memory store with the name limit and description a test gives it. */
  private static final class InMemoryWithLimit implements LockProvider {
    private final InMemoryLockProvider memory = new InMemoryLockProvider();
    private final IntSupplier maxNameLength;
    private final String description;

    InMemoryWithLimit(IntSupplier maxNameLength, String description) {
      this.maxNameLength = maxNameLength;
      this.description = description;
    }

    @Override
    public Optional<SimpleLock> lock(LockConfiguration configuration) {
      return memory.lock(configuration);
    }

    @Override
    public int maxNameLength() {
      return maxNameLength.getAsInt();
    }

    @Override
    public String description() {
      return description;
    }
  }
}
