package org.timerlock.example.it;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.timerlock.cdi.LockEvent;
import org.timerlock.core.LockAssert;
import org.timerlock.core.LockConfiguration;

/**
 * What the probes of the single-server test saw inside their runs, and the lock events of their
 * locks, kept in memory for the in-container test to check.
 */
@ApplicationScoped
public class Probes {

  /**
   * One run of a probe.
   *
   * @param thread the thread that ran the body
   * @param lockAsserted whether {@code LockAssert.assertLocked()} passed inside
   * @param transactionStatus the JTA status inside
   */
  record Run(String thread, boolean lockAsserted, int transactionStatus) {}

  /**
   * A lock event of a probe's lock.
   *
   * @param kind what happened
   * @param thread the thread it was fired on
   */
  record Event(LockEvent.Kind kind, String thread) {}

  private static final Map<String, List<Run>> RUNS = new ConcurrentHashMap<>();
  private static final Map<String, List<Event>> EVENTS = new ConcurrentHashMap<>();
  private static final Map<String, Boolean> RUNNING = new ConcurrentHashMap<>();
  private static final Map<String, LockConfiguration> CONFIGURATIONS = new ConcurrentHashMap<>();

  /**
   * The body of every probe: notes what holds inside, then works for a while.
   *
   * @param lock the probe's lock
   * @param millis how long the work takes
   */
  static void run(String lock, long millis) {
    RUNNING.put(lock, true);
    boolean asserted;
    try {
      LockAssert.assertLocked();
      asserted = true;
    } catch (IllegalStateException e) {
      asserted = false;
    }
    int status;
    try {
      status =
          ((TransactionSynchronizationRegistry)
                  new InitialContext().lookup("java:comp/TransactionSynchronizationRegistry"))
              .getTransactionStatus();
      Thread.sleep(millis);
    } catch (NamingException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      status = -1;
    }
    RUNS.computeIfAbsent(lock, k -> new CopyOnWriteArrayList<>())
        .add(new Run(Thread.currentThread().getName(), asserted, status));
    RUNNING.remove(lock);
  }

  void onLockEvent(@Observes LockEvent event) {
    EVENTS
        .computeIfAbsent(event.lockName(), k -> new CopyOnWriteArrayList<>())
        .add(new Event(event.kind(), Thread.currentThread().getName()));
    CONFIGURATIONS.put(event.lockName(), event.configuration());
  }

  /** The configuration of a lock as its latest event carried it; null before any event. */
  static LockConfiguration configuration(String lock) {
    return CONFIGURATIONS.get(lock);
  }

  static List<Run> runs(String lock) {
    return List.copyOf(RUNS.getOrDefault(lock, List.of()));
  }

  static List<Event> events(String lock) {
    return List.copyOf(EVENTS.getOrDefault(lock, List.of()));
  }

  static boolean running(String lock) {
    return RUNNING.containsKey(lock);
  }
}
