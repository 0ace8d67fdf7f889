package org.timerlock.cdi.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.TaskResult;

/**
 * A run TimerLock starts by itself, an operator's run now or a catch-up, on its way from the
 * requesting thread to the lock decision. The thread that runs it sets it as the current run, calls
 * the job (through its bean, so the interceptor takes the lock on that thread), and the lock
 * runtime claims it to take the lock of its kind and to report the decision back.
 */
final class DirectRun {

  /**
   * The lock decision, or how the run ended before it.
   *
   * @param outcome the decision; null when the job ended without reaching the lock
   * @param failure what the job threw before the decision, if anything
   */
  record Decision(TaskResult.Outcome outcome, Throwable failure) {}

  private static final ThreadLocal<DirectRun> CURRENT = new ThreadLocal<>();

  private final String name;
  private final Instant catchUpSlot;
  private final CompletableFuture<Decision> decision = new CompletableFuture<>();

  private DirectRun(String name, Instant catchUpSlot) {
    this.name = name;
    this.catchUpSlot = catchUpSlot;
  }

  /** An operator's run now: no fire, never consumes a slot. */
  static DirectRun manual(String name) {
    return new DirectRun(name, null);
  }

  /** A catch-up of a missed slot: the slot is the fire, so the fire guard lets it run once. */
  static DirectRun catchUp(String name, Instant slot) {
    return new DirectRun(name, slot);
  }

  String name() {
    return name;
  }

  /** The lock request of this run for a lock's configuration. */
  LockConfiguration configure(LockConfiguration lock) {
    return catchUpSlot == null ? lock.manual() : lock.forCatchUp(catchUpSlot);
  }

  /**
   * Runs the job on this thread as this run.
   *
   * @param job calls the job, whose lock the runtime takes after {@link #claim}ing this run
   */
  void runHere(ThrowingRunnable job) {
    CURRENT.set(this);
    Throwable failure = null;
    try {
      job.run();
    } catch (Throwable e) {
      failure = e;
    } finally {
      CURRENT.remove();
      // A job that never reached the lock (a proxy that refused the call, a failing store under the
      // fail policy) still answers the waiting caller.
      decision.complete(new Decision(null, failure));
    }
  }

  /**
   * The run the current thread was started for, if it is a run of this lock: taken, so that a call
   * the job itself makes does not count as the run.
   */
  static DirectRun claim(String lockName) {
    DirectRun run = CURRENT.get();
    if (run == null || !run.name.equals(lockName)) {
      return null;
    }
    CURRENT.remove();
    return run;
  }

  /** The lock was taken; the job is about to run. */
  void started() {
    decision.complete(new Decision(TaskResult.Outcome.EXECUTED, null));
  }

  /** The lock was refused, or the call skipped before asking the store. */
  void refused(TaskResult.Outcome outcome) {
    decision.complete(new Decision(outcome, null));
  }

  /** The lock decision, once known. */
  CompletionStage<Decision> decision() {
    return decision;
  }

  /**
   * Waits for the lock decision.
   *
   * @return the decision, or null when it was not known in time
   */
  Decision await(Duration wait) throws InterruptedException {
    try {
      return decision.get(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return null;
    } catch (ExecutionException e) {
      throw new IllegalStateException(e); // never completed exceptionally
    }
  }

  /** Whether a failure before the lock decision was the store's. */
  static boolean storeFailure(Throwable failure) {
    return failure instanceof LockException
        || (failure != null && failure.getCause() instanceof LockException);
  }

  /** A job call that may throw anything. */
  interface ThrowingRunnable {
    void run() throws Throwable;
  }
}
