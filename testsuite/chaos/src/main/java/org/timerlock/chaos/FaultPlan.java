package org.timerlock.chaos;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** The faults of a run, drawn from its seed, and the clock skews of its nodes. */
public final class FaultPlan {

  /** What a fault does. */
  public enum Kind {
    /**
     * {@code kill -9} of a node (the lock holder when one can be caught in its job), then a new JVM
     * for the same node after {@link Fault#durationMillis()}.
     */
    KILL,
    /**
     * {@code kill -STOP} of the lock holder early in its job, for longer than the lease, then
     * {@code kill -CONT}: a paused holder that wakes up and writes.
     */
    LONG_PAUSE,
    /** {@code kill -STOP} of a node for 100–300 ms, then {@code kill -CONT}. */
    SHORT_PAUSE,
    /**
     * {@code kill -9} of the private Redis, then, after 0–400 ms, a new one on the same port (from
     * its append-only file, or empty without persistence).
     */
    REDIS_RESTART
  }

  /**
   * One planned fault.
   *
   * @param kind what it does
   * @param atMillis when, after the start of the window (later if the previous fault ran long)
   * @param node the node it hits when no holder is caught (unused for a Redis restart)
   * @param durationMillis the pause, the restart delay or the Redis downtime
   */
  public record Fault(Kind kind, long atMillis, int node, long durationMillis) {}

  private final List<Long> skews;
  private final List<Fault> faults;

  private FaultPlan(List<Long> skews, List<Fault> faults) {
    this.skews = List.copyOf(skews);
    this.faults = List.copyOf(faults);
  }

  /**
   * Draws the plan. The skews depend only on the seed and the node count, so every store and mode
   * of a seed sees the same clocks.
   *
   * @param settings the run's shape and seed
   * @param store the lock store: Redis restarts only for Redis
   * @return the plan
   */
  public static FaultPlan draw(ChaosSettings settings, Store store) {
    Random skewRandom = new Random(settings.seed());
    List<Long> skews = new ArrayList<>();
    for (int i = 0; i < settings.nodes(); i++) {
      skews.add(
          settings.maxSkewMillis() == 0
              ? 0L
              : (long) skewRandom.nextInt((int) (2 * settings.maxSkewMillis() + 1))
                  - settings.maxSkewMillis());
    }

    Random r = new Random(settings.seed() * 7_919L + 17);
    List<Kind> required = new ArrayList<>(List.of(Kind.KILL, Kind.LONG_PAUSE, Kind.SHORT_PAUSE));
    if (store.redis()) {
      required.add(Kind.REDIS_RESTART);
    }
    Collections.shuffle(required, r);
    long atMost = settings.lockAtMostForMillis();
    long t = 800 + r.nextInt(500);
    long last = settings.runMillis() - 1_500;
    List<Fault> faults = new ArrayList<>();
    while (true) {
      Kind kind = required.isEmpty() ? pick(r, store) : required.remove(0);
      long duration =
          switch (kind) {
            case KILL -> 300 + r.nextInt(901);
            case LONG_PAUSE -> atMost * 13 / 10 + r.nextInt((int) (atMost * 9 / 10 + 1));
            case SHORT_PAUSE -> 100 + r.nextInt(201);
            // Shorter than the spread of the clocks, so that late nodes ask again for fires that
            // ran before the crash: the guard must remember them across the restart.
            case REDIS_RESTART -> r.nextInt(401);
          };
      // Catching a holder takes about a period; a restarted JVM needs no waiting.
      long length = duration + (kind == Kind.KILL || kind == Kind.LONG_PAUSE ? 300 : 0);
      if (t + length > last) {
        break;
      }
      faults.add(new Fault(kind, t, r.nextInt(settings.nodes()), duration));
      t +=
          length
              + settings.gapMinMillis()
              + r.nextInt((int) (settings.gapMaxMillis() - settings.gapMinMillis() + 1));
    }
    return new FaultPlan(skews, faults);
  }

  private static Kind pick(Random r, Store store) {
    int roll = r.nextInt(100);
    if (store.redis() && roll < 20) {
      return Kind.REDIS_RESTART;
    }
    if (roll < 45) {
      return Kind.KILL;
    }
    return roll < 75 ? Kind.LONG_PAUSE : Kind.SHORT_PAUSE;
  }

  /**
   * The clock skew of each node.
   *
   * @return milliseconds added to the true clock, by node index
   */
  public List<Long> skews() {
    return skews;
  }

  /**
   * The faults in order.
   *
   * @return the planned faults
   */
  public List<Fault> faults() {
    return faults;
  }
}
