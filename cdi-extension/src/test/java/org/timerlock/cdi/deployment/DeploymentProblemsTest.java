package org.timerlock.cdi.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ejb.Schedule;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.AbstractThrowableAssert;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;

/** Every misuse fails the deployment with a message naming the class, method and value. */
@TimerLockTest
class DeploymentProblemsTest {

  @Inject Deployer deployer;

  private static final Map<String, String> IN_MEMORY = Map.of("timerlock.provider", "in-memory");

  @Test
  void missingLockAtMostFor() {
    assertDeploymentFails(IN_MEMORY, NoAtMostFor.class)
        .hasMessageContaining(
            "TIMERLOCK-202 @SchedulerLock on "
                + NoAtMostFor.class.getName()
                + ".run(): no lockAtMostFor for lock"
                + " 'NoAtMostFor.run'")
        .hasMessageContaining("timerlock.lock.\"NoAtMostFor.run\".lock-at-most-for")
        .hasMessageContaining("timerlock.default.lock-at-most-for");
  }

  @Test
  void unparsableDurationInTheAnnotation() {
    assertDeploymentFails(IN_MEMORY, BananaDuration.class)
        .hasMessageContaining(
            "TIMERLOCK-103 @SchedulerLock on "
                + BananaDuration.class.getName()
                + ".run(): lockAtMostFor of the"
                + " annotation = \"banana\": Cannot parse duration 'banana'");
  }

  @Test
  void unparsableDurationInConfiguration() {
    Map<String, String> config =
        with(IN_MEMORY, "timerlock.lock.\"valid\".lock-at-least-for", "3 parsecs");
    assertDeploymentFails(config, ValidJob.class)
        .hasMessageContaining(ValidJob.class.getName() + ".run()")
        .hasMessageContaining(
            "config key timerlock.lock.\"valid\".lock-at-least-for = \"3 parsecs\"");
  }

  @Test
  void aKeyOfAMethodWhoseSettingsFailedIsNotLoggedAsNamingNoMethod() {
    Map<String, String> config =
        with(IN_MEMORY, "timerlock.lock.\"valid\".lock-at-least-for", "10m");
    List<String> lines;
    try (LoggedLines log = new LoggedLines("org.timerlock.cdi.internal.TimerLockExtension")) {
      assertDeploymentFails(config, ValidJob.class)
          .hasMessageContaining(
              "config key timerlock.lock.\"valid\".lock-at-least-for = \"10m\" must not be"
                  + " longer than lockAtMostFor of the annotation = \"5m\"");
      lines = log.all();
    }
    assertThat(lines).noneMatch(line -> line.contains("names no @SchedulerLock method"));
  }

  @Test
  void negativeDuration() {
    assertDeploymentFails(IN_MEMORY, NegativeDuration.class)
        .hasMessageContaining(NegativeDuration.class.getName() + ".run()")
        .hasMessageContaining("lockAtMostFor of the annotation = \"-5m\" must be positive");
  }

  @Test
  void lockAtLeastForLongerThanLockAtMostFor() {
    assertDeploymentFails(IN_MEMORY, LeastOverMost.class)
        .hasMessageContaining(LeastOverMost.class.getName() + ".run()")
        .hasMessageContaining(
            "lockAtLeastFor of the annotation = \"2h\" must not be longer than lockAtMostFor of the"
                + " annotation = \"1h\"");
  }

  @Test
  void nameResolvingToBlank() {
    assertDeploymentFails(IN_MEMORY, BlankName.class)
        .hasMessageContaining(BlankName.class.getName() + ".run()")
        .hasMessageContaining("name \"${job.name: }\" resolves to a blank lock name");
  }

  @Test
  void nameFromAKeySetToBlankSaysTheNameIsBlankNotThatTheKeyIsUnset() {
    for (String blank : new String[] {"", "   "}) {
      assertDeploymentFails(with(IN_MEMORY, "blank.key", blank), BlankKeyName.class)
          .hasMessageContaining(BlankKeyName.class.getName() + ".run()")
          .hasMessageContaining(
              "name \"${blank.key}\" resolves to a blank lock name; config key blank.key = \""
                  + blank
                  + "\"; give the lock a non-blank name")
          .hasMessageNotContaining("is not set");
    }
  }

  @Test
  void badValueOfALockNoAnnotatedMethodUsesFailsTheDeployment() {
    assertDeploymentFails(
            with(IN_MEMORY, "timerlock.lock.\"b\".lock-at-most-for", "bogus"), ValidJob.class)
        .hasMessageContaining(
            "config key timerlock.lock.\"b\".lock-at-most-for = \"bogus\": it is not a duration;"
                + " expected a positive duration");
    assertDeploymentFails(with(IN_MEMORY, "timerlock.lock.\"b\".enabled", "off"), ValidJob.class)
        .hasMessageContaining(
            "config key timerlock.lock.\"b\".enabled = \"off\": it is not a boolean; expected"
                + " true or false");
  }

  @Test
  void misspelledProviderAndTopLevelKeysAreRejectedWithTheNearestKey() {
    assertDeploymentFails(with(IN_MEMORY, "timerlock.recording.tabel-name", "jobs"), ValidJob.class)
        .hasMessageContaining(
            "unknown config key timerlock.recording.tabel-name; did you mean"
                + " timerlock.recording.table-name?");
    assertDeploymentFails(
            with(IN_MEMORY, "timerlock.needs-endpoint.key-prefx", "jobs"), ValidJob.class)
        .hasMessageContaining(
            "unknown config key timerlock.needs-endpoint.key-prefx; did you mean"
                + " timerlock.needs-endpoint.key-prefix?");
    assertDeploymentFails(with(IN_MEMORY, "timerlock.store-failur", "fail"), ValidJob.class)
        .hasMessageContaining(
            "unknown config key timerlock.store-failur; did you mean timerlock.store-failure?");
    assertDeploymentFails(with(IN_MEMORY, "timerlock.zzzzzz", "1"), ValidJob.class)
        .hasMessageContaining("unknown config key timerlock.zzzzzz; no TimerLock key is spelled");
  }

  @Test
  void badValueOfAProviderKeyFailsTheDeploymentEvenForAProviderNotSelected() {
    assertDeploymentFails(with(IN_MEMORY, "timerlock.recording.pool-size", "many"), ValidJob.class)
        .hasMessageContaining(
            "config key timerlock.recording.pool-size = \"many\": it is not a whole");
  }

  @Test
  void expressionWithUnsetKey() {
    assertDeploymentFails(IN_MEMORY, UnsetExpression.class)
        .hasMessageContaining(UnsetExpression.class.getName() + ".run()")
        .hasMessageContaining("config key 'jobs.sync.max' used in '${jobs.sync.max}' is not set");
  }

  @Test
  void nameLongerThanTheStoreAccepts() {
    assertDeploymentFails(Map.of(), LongName.class, TenCharacterStore.class)
        .hasMessageContaining(LongName.class.getName() + ".run()")
        .hasMessageContaining("the lock name 'a-rather-long-lock-name' has 23 characters")
        .hasMessageContaining("accepts at most 10");
  }

  @Test
  void sameNameOnTwoMethods() {
    assertDeploymentFails(IN_MEMORY, CopyPastedA.class, CopyPastedB.class)
        .hasMessageContaining("the lock name 'invoices' is used by")
        .hasMessageContaining(CopyPastedA.class.getName() + ".run()")
        .hasMessageContaining(CopyPastedB.class.getName() + ".run()")
        .hasMessageContaining("timerlock.lock.\"invoices\".shared=true");
  }

  @Test
  void sharedFlagThatIsNotABoolean() {
    Map<String, String> config = with(IN_MEMORY, "timerlock.lock.\"invoices\".shared", "yes");
    assertDeploymentFails(config, CopyPastedA.class, CopyPastedB.class)
        .hasMessageContaining(
            "TIMERLOCK-104 @SchedulerLock on "
                + CopyPastedA.class.getName()
                + ".run(): timerlock.lock.\"invoices\".shared = \"yes\": it is not a boolean;"
                + " expected true or false");
  }

  @Test
  void primitiveReturnType() {
    assertDeploymentFails(IN_MEMORY, PrimitiveReturn.class)
        .hasMessageContaining(PrimitiveReturn.class.getName() + ".count()")
        .hasMessageContaining("returns the primitive type int");
  }

  @Test
  void privateMethodOfACdiBean() {
    assertDeploymentFails(IN_MEMORY, PrivateMethod.class)
        .hasMessageContaining(PrivateMethod.class.getName() + ".run()")
        .hasMessageContaining("it is private");
  }

  @Test
  void finalMethod() {
    // Weld reports this one itself, before the extension's own check gets to it.
    assertDeploymentFails(IN_MEMORY, FinalMethod.class)
        .hasMessageContaining("public final " + FinalMethod.class.getName() + ".run()")
        .hasMessageContaining("cannot be declared final");
  }

  @Test
  void staticMethod() {
    assertDeploymentFails(IN_MEMORY, StaticMethod.class)
        .hasMessageContaining(StaticMethod.class.getName() + ".run()")
        .hasMessageContaining("it is static");
  }

  @Test
  void unknownProvider() {
    assertDeploymentFails(Map.of("timerlock.provider", "zookeeper"), ValidJob.class)
        .hasMessageContaining("timerlock.provider = \"zookeeper\" names no lock provider")
        .hasMessageContaining("available: [")
        .hasMessageContaining("in-memory")
        .hasMessageContaining("needs-endpoint");
  }

  @Test
  void providerThatCannotBeBuilt() {
    assertDeploymentFails(Map.of("timerlock.provider", "needs-endpoint"), ValidJob.class)
        .hasMessageContaining(
            "the lock provider timerlock.provider = \"needs-endpoint\" cannot be built:"
                + " timerlock.test.endpoint is not set");
  }

  @Test
  void providerWhoseClientMissesAClassNamesItAndCarriesTheError() {
    assertDeploymentFails(
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
  void unknownStoreFailurePolicy() {
    assertDeploymentFails(with(IN_MEMORY, "timerlock.store-failure", "retry"), ValidJob.class)
        .hasMessageContaining(
            "config key timerlock.store-failure = \"retry\": it is not a known value; expected one"
                + " of skip, fail");
  }

  @Test
  void lockKeyWithoutQuotes() {
    assertDeploymentFails(
            with(IN_MEMORY, "timerlock.lock.valid.lock-at-most-for", "9m"), ValidJob.class)
        .hasMessageContaining(
            "config key timerlock.lock.valid.lock-at-most-for is not of the form"
                + " timerlock.lock.\"<name>\".<property>");
  }

  @Test
  void misspelledLockProperty() {
    assertDeploymentFails(
            with(IN_MEMORY, "timerlock.lock.\"valid\".lock-at-most", "9m"), ValidJob.class)
        .hasMessageContaining(
            "config key timerlock.lock.\"valid\".lock-at-most names the unknown lock property"
                + " 'lock-at-most'; did you mean timerlock.lock.\"valid\".lock-at-most-for?");
  }

  @Test
  void misspelledDefaultKey() {
    assertDeploymentFails(with(IN_MEMORY, "timerlock.default.lock-at-most", "9m"), ValidJob.class)
        .hasMessageContaining("unknown config key timerlock.default.lock-at-most");
  }

  @Test
  void everyProblemIsReportedAtOnce() {
    assertDeploymentFails(IN_MEMORY, BananaDuration.class, NoAtMostFor.class, PrimitiveReturn.class)
        .hasMessageContaining(BananaDuration.class.getName())
        .hasMessageContaining(NoAtMostFor.class.getName())
        .hasMessageContaining(PrimitiveReturn.class.getName());
  }

  private AbstractThrowableAssert<?, ? extends Throwable> assertDeploymentFails(
      Map<String, String> config, Class<?>... beans) {
    return assertThatThrownBy(
        () -> {
          try (WeldContainer container = deployer.start(config, beans)) {
            container.isRunning();
          }
        });
  }

  private static Map<String, String> with(Map<String, String> base, String key, String value) {
    Map<String, String> config = new HashMap<>(base);
    config.put(key, value);
    return config;
  }

  @ApplicationScoped
  static class ValidJob {
    @SchedulerLock(name = "valid", lockAtMostFor = "5m")
    public void run() {}
  }

  @ApplicationScoped
  static class BlankKeyName {
    @SchedulerLock(name = "${blank.key}", lockAtMostFor = "5m")
    public void run() {}
  }

  @ApplicationScoped
  static class NoAtMostFor {
    @SchedulerLock
    public void run() {}
  }

  @ApplicationScoped
  static class BananaDuration {
    @SchedulerLock(lockAtMostFor = "banana")
    public void run() {}
  }

  @ApplicationScoped
  static class NegativeDuration {
    @SchedulerLock(lockAtMostFor = "-5m")
    public void run() {}
  }

  @ApplicationScoped
  static class LeastOverMost {
    @SchedulerLock(lockAtMostFor = "1h", lockAtLeastFor = "2h")
    public void run() {}
  }

  @ApplicationScoped
  static class BlankName {
    @SchedulerLock(name = "${job.name: }", lockAtMostFor = "1h")
    public void run() {}
  }

  @ApplicationScoped
  static class UnsetExpression {
    @SchedulerLock(lockAtMostFor = "${jobs.sync.max}")
    public void run() {}
  }

  @ApplicationScoped
  static class LongName {
    @SchedulerLock(name = "a-rather-long-lock-name", lockAtMostFor = "1h")
    public void run() {}
  }

  /** An application LockProvider whose store takes names of up to 10 characters. */
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

  @ApplicationScoped
  static class PrimitiveReturn {
    @SchedulerLock(lockAtMostFor = "1h")
    public int count() {
      return 1;
    }
  }

  @ApplicationScoped
  static class PrivateMethod {
    @SchedulerLock(lockAtMostFor = "1h")
    private void run() {}

    /** Keeps the compiler from calling run() unused. */
    void trigger() {
      run();
    }

    /** A private EJB timeout method is fine: the container calls it through its interceptors. */
    @Schedule(hour = "2", persistent = false)
    @SchedulerLock(lockAtMostFor = "1h")
    private void nightly() {}
  }

  @ApplicationScoped
  static class FinalMethod {
    @SchedulerLock(lockAtMostFor = "1h")
    public final void run() {}
  }

  @ApplicationScoped
  static class StaticMethod {
    @SchedulerLock(lockAtMostFor = "1h")
    public static void run() {}
  }
}
