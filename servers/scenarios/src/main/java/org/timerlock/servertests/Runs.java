package org.timerlock.servertests;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** What the probes in a single-node deployment saw, for the in-container test to check. */
public final class Runs {

  /**
   * One run of a probe.
   *
   * @param start when the body started
   * @param end when it ended
   * @param transactionStatus {@code TransactionSynchronizationRegistry} status inside the body
   * @param lockAsserted whether {@code LockAssert.assertLocked()} passed inside the body
   * @param fire the scheduled fire TimerLock named for the run, or null
   */
  public record Run(
      Instant start, Instant end, int transactionStatus, boolean lockAsserted, Instant fire) {}

  private static final Map<String, List<Run>> RUNS = new ConcurrentHashMap<>();
  private static final Map<String, Instant> RUNNING = new ConcurrentHashMap<>();

  private Runs() {}

  public static void started(String probe, Instant start) {
    RUNNING.put(probe, start);
  }

  public static void finished(String probe, Run run) {
    RUNS.computeIfAbsent(probe, p -> new CopyOnWriteArrayList<>()).add(run);
    RUNNING.remove(probe);
  }

  public static List<Run> of(String probe) {
    return List.copyOf(RUNS.getOrDefault(probe, List.of()));
  }

  public static boolean running(String probe) {
    return RUNNING.containsKey(probe);
  }
}
