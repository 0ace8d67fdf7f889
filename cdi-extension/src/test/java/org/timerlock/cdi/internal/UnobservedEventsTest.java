package org.timerlock.cdi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Reception;
import jakarta.enterprise.inject.Any;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.TimerLockTest;

/**
 * A deployment in which nothing observes {@link LockEvent}s builds none: a locked call allocates at
 * least the two events' worth of bytes less than the same call where an observer receives them. An
 * observer of any shape (of {@code LockEvent}, with {@code @Any}, of {@code Object}, conditional)
 * still receives both events of every call.
 */
class UnobservedEventsTest {

  private static final Map<String, String> CONFIG = Map.of("timerlock.provider", "in-memory");

  /**
   * The fewest bytes two events take that an observer keeps: two {@code LockEvent}s of 11 reference
   * fields and a header each (the instants and the container's notification come on top).
   */
  private static final long TWO_EVENTS = 2 * (12 + 11 * 4);

  @ApplicationScoped
  static class Job {
    private long runs;

    @SchedulerLock(name = "unobserved", lockAtMostFor = "1m")
    public void run() {
      runs++;
    }

    long runs() {
      return runs;
    }
  }

  @ApplicationScoped
  static class Observer {
    private final AtomicLong events = new AtomicLong();

    long events() {
      return events.get();
    }

    void on(@Observes LockEvent event) {
      events.incrementAndGet();
    }
  }

  @ApplicationScoped
  static class AnyObserver {
    private final AtomicLong events = new AtomicLong();

    long events() {
      return events.get();
    }

    void on(@Observes @Any LockEvent event) {
      events.incrementAndGet();
    }
  }

  @ApplicationScoped
  static class ObjectObserver {
    private final AtomicLong events = new AtomicLong();

    long events() {
      return events.get();
    }

    void on(@Observes Object event) {
      if (event instanceof LockEvent) {
        events.incrementAndGet();
      }
    }
  }

  @ApplicationScoped
  static class ConditionalObserver {
    private final AtomicLong events = new AtomicLong();

    long events() {
      return events.get();
    }

    void on(@Observes(notifyObserver = Reception.IF_EXISTS) LockEvent event) {
      events.incrementAndGet();
    }
  }

  @Test
  @TimerLockTest
  void nothingObservesThemSoNoEventIsBuilt(Deployer deployer) {
    WeldContainer quiet = deployer.start(CONFIG, Job.class);
    assertThat(quiet.select(LockEventChannel.class).get().observed()).isFalse();
    long quietBytes = steadyBytesPerCall(quiet.select(Job.class).get());
    quiet.shutdown();

    WeldContainer observed = deployer.start(CONFIG, Job.class, Observer.class);
    Observer observer = observed.select(Observer.class).get();
    long observedBytes = steadyBytesPerCall(observed.select(Job.class).get());

    assertThat(observer.events()).isEqualTo(2L * ROUNDS * CALLS);
    assertThat(observedBytes - quietBytes)
        .as("bytes per call: %d observed, %d with no observer", observedBytes, quietBytes)
        .isGreaterThanOrEqualTo(TWO_EVENTS);
  }

  @Test
  @TimerLockTest(
      beans = {Job.class, AnyObserver.class, ObjectObserver.class, ConditionalObserver.class},
      config = "timerlock.provider=in-memory")
  void everyShapeOfObserverStillReceivesBothEvents(
      Job job,
      LockEventChannel channel,
      AnyObserver any,
      ObjectObserver object,
      ConditionalObserver conditional) {
    assertThat(channel.observed()).isTrue();
    // Created, so that the conditional observer is notified.
    assertThat(conditional.events()).isZero();
    for (int i = 0; i < 3; i++) {
      job.run();
    }
    assertThat(job.runs()).isEqualTo(3);
    assertThat(any.events()).isEqualTo(6);
    assertThat(object.events()).isEqualTo(6);
    assertThat(conditional.events()).isEqualTo(6);
  }

  private static final int ROUNDS = 10;
  private static final int CALLS = 5_000;

  /**
   * The fewest bytes the test thread allocated per locked call over several rounds: the rounds
   * after the compiler has settled, which an early round in the interpreter or a deoptimisation
   * cannot raise.
   */
  private static long steadyBytesPerCall(Job job) {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long fewest = Long.MAX_VALUE;
    for (int round = 0; round < ROUNDS; round++) {
      long before = threads.getCurrentThreadAllocatedBytes();
      for (int i = 0; i < CALLS; i++) {
        job.run();
      }
      fewest = Math.min(fewest, (threads.getCurrentThreadAllocatedBytes() - before) / CALLS);
    }
    return fewest;
  }
}
