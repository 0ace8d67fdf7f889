package org.timerlock.cdi.deployment;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.Deployer;
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

  @ApplicationScoped
  static class LongName {
    @SchedulerLock(name = "a-rather-long-lock-name", lockAtMostFor = "1h")
    public void run() {}
  }

  @ApplicationScoped
  static class TenCharacterStore {
    @Produces
    LockProvider provider() {
      InMemoryLockProvider memory = new InMemoryLockProvider();
      return new LockProvider() {
        @Override
        public Optional<SimpleLock> lock(LockConfiguration configuration) {
          return memory.lock(configuration);
        }

        @Override
        public int maxNameLength() {
          return 10;
        }
      };
    }
  }
}
