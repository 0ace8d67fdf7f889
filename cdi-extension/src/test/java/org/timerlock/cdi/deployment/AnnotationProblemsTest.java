package org.timerlock.cdi.deployment;

import static org.timerlock.cdi.support.TestConfig.inMemory;

import jakarta.ejb.Schedule;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.TimerLockTest;

/**
 * Mistakes in a {@code @SchedulerLock} annotation or the method it is on fail the deployment, with
 * a message naming the class, method and value; all at once.
 */
@TimerLockTest
class AnnotationProblemsTest {

  @Inject Deployer deployer;

  @Test
  void missingLockAtMostFor() {
    deployer
        .assertFails(inMemory(), NoAtMostFor.class)
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
    deployer
        .assertFails(inMemory(), BananaDuration.class)
        .hasMessageContaining(
            "TIMERLOCK-103 @SchedulerLock on "
                + BananaDuration.class.getName()
                + ".run(): lockAtMostFor of the"
                + " annotation = \"banana\": Cannot parse duration 'banana'");
  }

  @Test
  void negativeDuration() {
    deployer
        .assertFails(inMemory(), NegativeDuration.class)
        .hasMessageContaining(NegativeDuration.class.getName() + ".run()")
        .hasMessageContaining("lockAtMostFor of the annotation = \"-5m\" must be positive");
  }

  @Test
  void lockAtLeastForLongerThanLockAtMostFor() {
    deployer
        .assertFails(inMemory(), LeastOverMost.class)
        .hasMessageContaining(LeastOverMost.class.getName() + ".run()")
        .hasMessageContaining(
            "lockAtLeastFor of the annotation = \"2h\" must not be longer than lockAtMostFor of the"
                + " annotation = \"1h\"");
  }

  @Test
  void nameResolvingToBlank() {
    deployer
        .assertFails(inMemory(), BlankName.class)
        .hasMessageContaining(BlankName.class.getName() + ".run()")
        .hasMessageContaining("name \"${job.name: }\" resolves to a blank lock name");
  }

  @Test
  void nameFromAKeySetToBlankSaysTheNameIsBlankNotThatTheKeyIsUnset() {
    for (String blank : new String[] {"", "   "}) {
      deployer
          .assertFails(inMemory("blank.key", blank), BlankKeyName.class)
          .hasMessageContaining(BlankKeyName.class.getName() + ".run()")
          .hasMessageContaining(
              "name \"${blank.key}\" resolves to a blank lock name; config key blank.key = \""
                  + blank
                  + "\"; give the lock a non-blank name")
          .hasMessageNotContaining("is not set");
    }
  }

  @Test
  void expressionWithUnsetKey() {
    deployer
        .assertFails(inMemory(), UnsetExpression.class)
        .hasMessageContaining(UnsetExpression.class.getName() + ".run()")
        .hasMessageContaining("config key 'jobs.sync.max' used in '${jobs.sync.max}' is not set");
  }

  @Test
  void primitiveReturnType() {
    deployer
        .assertFails(inMemory(), PrimitiveReturn.class)
        .hasMessageContaining(PrimitiveReturn.class.getName() + ".count()")
        .hasMessageContaining("returns the primitive type int");
  }

  @Test
  void privateMethodOfACdiBean() {
    deployer
        .assertFails(inMemory(), PrivateMethod.class)
        .hasMessageContaining(PrivateMethod.class.getName() + ".run()")
        .hasMessageContaining("it is private");
  }

  @Test
  void finalMethod() {
    // Weld reports this one itself, before the extension's own check gets to it.
    deployer
        .assertFails(inMemory(), FinalMethod.class)
        .hasMessageContaining("public final " + FinalMethod.class.getName() + ".run()")
        .hasMessageContaining("cannot be declared final");
  }

  @Test
  void staticMethod() {
    deployer
        .assertFails(inMemory(), StaticMethod.class)
        .hasMessageContaining(StaticMethod.class.getName() + ".run()")
        .hasMessageContaining("it is static");
  }

  @Test
  void everyProblemIsReportedAtOnce() {
    deployer
        .assertFails(inMemory(), BananaDuration.class, NoAtMostFor.class, PrimitiveReturn.class)
        .hasMessageContaining(BananaDuration.class.getName())
        .hasMessageContaining(NoAtMostFor.class.getName())
        .hasMessageContaining(PrimitiveReturn.class.getName());
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
