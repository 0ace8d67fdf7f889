package org.timerlock.cdi.internal;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Calls the missed-fire check once for every slot of the check grid (the multiples of the interval
 * since the epoch) that this node's clock reaches: on the server's default managed scheduled
 * executor when it has one, else on one daemon thread of TimerLock's own, which {@link #stop()}
 * ends before it returns.
 */
final class WatchLoop {

  /** The thread of TimerLock's own, when the server lends none. */
  static final String THREAD_NAME = "timerlock-watch";

  private static final Logger LOG = System.getLogger(WatchLoop.class.getName());

  /**
   * The longest wait between two looks at the clock: short, so that a clock that jumps (a test's)
   * is followed, and costless, since a look that reaches no new grid slot does nothing.
   */
  private static final long MAX_WAIT_MILLIS = 1000;

  private static final String DEFAULT_EXECUTOR = "java:comp/DefaultManagedScheduledExecutorService";

  private final Clock clock;
  private final long intervalMillis;
  private final Consumer<Instant> check;
  private final ScheduledExecutorService executor;
  private final boolean ownThread;
  private ScheduledFuture<?> next;
  private Instant lastSlot;
  private boolean stopped;

  /**
   * Starts the loop.
   *
   * @param clock this node's clock
   * @param interval the grid's step
   * @param check called with each grid slot reached, on the loop's thread
   */
  WatchLoop(Clock clock, Duration interval, Consumer<Instant> check) {
    this.clock = clock;
    this.intervalMillis = interval.toMillis();
    this.check = check;
    ScheduledExecutorService managed = managedExecutor();
    this.ownThread = managed == null;
    this.executor =
        ownThread ? Executors.newSingleThreadScheduledExecutor(WatchLoop::thread) : managed;
    schedule(0);
  }

  /** Stops the loop; with a thread of TimerLock's own, waits until it has ended. */
  void stop() {
    synchronized (this) {
      stopped = true;
      if (next != null) {
        next.cancel(false);
      }
    }
    if (ownThread) {
      executor.shutdownNow();
      try {
        if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
          LOG.log(
              Level.WARNING,
              CdiMessage.WATCH_NOT_STOPPED.text(
                  "TimerLock: the missed-fire check did not end within 10 s of the application's"
                      + " stop; its thread {0} is left behind"),
              THREAD_NAME);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Whether the loop runs on a thread of TimerLock's own rather than the server's executor. */
  boolean ownThread() {
    return ownThread;
  }

  private void tick() {
    long now = clock.millis();
    try {
      Instant slot = Instant.ofEpochMilli(Math.floorDiv(now, intervalMillis) * intervalMillis);
      if (lastSlot == null || slot.isAfter(lastSlot)) {
        lastSlot = slot;
        check.accept(slot);
      }
    } finally {
      // The check reports its own failures; whatever it threw, the next slot is still checked.
      long untilNextSlot =
          (Math.floorDiv(now, intervalMillis) + 1) * intervalMillis - clock.millis();
      schedule(Math.max(1, Math.min(untilNextSlot, MAX_WAIT_MILLIS)));
    }
  }

  private synchronized void schedule(long delayMillis) {
    if (!stopped) {
      next = executor.schedule(this::tick, delayMillis, TimeUnit.MILLISECONDS);
    }
  }

  private static Thread thread(Runnable r) {
    Thread thread = new Thread(r, THREAD_NAME);
    thread.setDaemon(true);
    return thread;
  }

  /** The server's default managed scheduled executor, or null outside a server that has one. */
  private static ScheduledExecutorService managedExecutor() {
    try {
      Object found = new InitialContext().lookup(DEFAULT_EXECUTOR);
      return found instanceof ScheduledExecutorService executor ? executor : null;
    } catch (NamingException | RuntimeException | LinkageError e) {
      return null;
    }
  }
}
