package org.timerlock.interop;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What the matrix asks of a mixed fleet, each run with one side as the first holder and the other
 * side as the node that must be kept out (or let in). Each run takes a lock name of its own.
 */
enum Scenario {

  /** The holder has the lock; the other side's attempt must be refused. */
  REFUSES_WHILE_HELD("%2$s takes a lock %1$s holds") {
    @Override
    Outcome run(Side holder, Side other, String name) {
      Runnable held = acquireNew(holder, name, LONG, Duration.ZERO);
      try {
        return refused(other, name) ? Outcome.PASS : Outcome.FAIL;
      } finally {
        held.run();
      }
    }
  },

  /** The holder released (no lockAtLeastFor); the other side must get the lock right away. */
  ACQUIRES_AFTER_RELEASE("%2$s locked out after %1$s's release") {
    @Override
    Outcome run(Side holder, Side other, String name) {
      acquireNew(holder, name, LONG, Duration.ZERO).run();
      Optional<Runnable> next = poll(other, name, LONG);
      next.ifPresent(Runnable::run);
      return next.isPresent() ? Outcome.PASS : Outcome.FAIL;
    }
  },

  /** The holder released within its lockAtLeastFor; the other side must be refused. */
  HONOURS_LOCK_AT_LEAST_FOR("%2$s ignores %1$s's lockAtLeastFor") {
    @Override
    Outcome run(Side holder, Side other, String name) {
      acquireNew(holder, name, LONG, Duration.ofSeconds(30)).run();
      return refused(other, name) ? Outcome.PASS : Outcome.FAIL;
    }
  },

  /**
   * The holder overran its lockAtMostFor, the other side took the lock over, then the holder's run
   * ended and it released: that late release must leave the new holder's lock in place, so that
   * neither side can take the lock again.
   */
  LATE_RELEASE_KEEPS_SUCCESSOR("%1$s's late release frees %2$s's lock") {
    @Override
    Outcome run(Side holder, Side other, String name) {
      Runnable overrunning = acquireNew(holder, name, SHORT, Duration.ZERO);
      sleep(SHORT.toMillis() + 200);
      Optional<Runnable> successor = poll(other, name, LONG);
      if (successor.isEmpty()) {
        overrunning.run();
        return Outcome.NOT_REACHED;
      }
      overrunning.run();
      try {
        return refused(holder, name) && refused(other, name) ? Outcome.PASS : Outcome.FAIL;
      } finally {
        successor.get().run();
      }
    }
  };

  /** A lease no scenario outlives. */
  static final Duration LONG = Duration.ofMinutes(1);

  /** A lease the holder overruns on purpose. */
  static final Duration SHORT = Duration.ofSeconds(1);

  /** How long a lock that should be free is asked for before the answer counts as "no". */
  private static final long POLL_MILLIS = 5_000;

  private final String failure;

  Scenario(String failure) {
    this.failure = failure;
  }

  abstract Outcome run(Side holder, Side other, String name);

  /** What a failure is called in the results: who did what to whom. */
  String failure(Side holder, Side other) {
    return String.format(failure, holder.label(), other.label());
  }

  /** The result of one scenario in one direction. */
  enum Outcome {
    PASS,
    FAIL,
    /** The other side never took over the overrun lock, so there was no late release to test. */
    NOT_REACHED
  }

  static String uniqueName(Scenario scenario) {
    return scenario.name().toLowerCase(java.util.Locale.ROOT)
        + "-"
        + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
  }

  private static Runnable acquireNew(Side side, String name, Duration atMost, Duration atLeast) {
    return side.lock(name, atMost, atLeast)
        .orElseThrow(
            () -> new IllegalStateException(side.label() + " could not take the new lock " + name));
  }

  private static boolean refused(Side side, String name) {
    Optional<Runnable> taken = side.lock(name, LONG, Duration.ZERO);
    taken.ifPresent(Runnable::run);
    return taken.isEmpty();
  }

  /** Asks until granted or {@link #POLL_MILLIS} passed: a free lock may lag by a clock tick. */
  private static Optional<Runnable> poll(Side side, String name, Duration atMost) {
    long deadline = System.nanoTime() + POLL_MILLIS * 1_000_000;
    while (true) {
      Optional<Runnable> taken = side.lock(name, atMost, Duration.ZERO);
      if (taken.isPresent() || System.nanoTime() > deadline) {
        return taken;
      }
      sleep(100);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
