package org.timerlock.chaos;

/**
 * The shape of a chaos run. Two runs with the same settings and seed get the same node clock skews
 * and the same fault plan.
 *
 * @param nodes how many node JVMs (at least 4 for a meaningful run)
 * @param runMillis the length of the schedule's window
 * @param periodMillis the schedule's period
 * @param lockAtMostForMillis the lease of every lock request
 * @param maxSkewMillis node clocks are off by a random amount in {@code [-max, +max]}
 * @param workMinMillis the shortest job (before its write)
 * @param workMaxMillis the longest job
 * @param gapMinMillis the shortest quiet time between two faults
 * @param gapMaxMillis the longest quiet time between two faults
 * @param seed the seed of the skews, the fault plan and the job lengths
 */
public record ChaosSettings(
    int nodes,
    long runMillis,
    long periodMillis,
    long lockAtMostForMillis,
    long maxSkewMillis,
    long workMinMillis,
    long workMaxMillis,
    long gapMinMillis,
    long gapMaxMillis,
    long seed) {

  /** The seed the build's short runs use unless told otherwise. */
  public static final long DEFAULT_SEED = 20_261_101L;

  /**
   * Validates the settings.
   *
   * @param nodes how many node JVMs
   * @param runMillis the window
   * @param periodMillis the period
   * @param lockAtMostForMillis the lease
   * @param maxSkewMillis the largest clock skew
   * @param workMinMillis the shortest job
   * @param workMaxMillis the longest job
   * @param gapMinMillis the shortest gap between faults
   * @param gapMaxMillis the longest gap between faults
   * @param seed the seed
   */
  public ChaosSettings {
    if (nodes < 2) {
      throw new IllegalArgumentException("A chaos run needs at least 2 nodes, got " + nodes);
    }
    if (periodMillis <= 0 || runMillis < periodMillis) {
      throw new IllegalArgumentException("The window must hold at least one period");
    }
    if (workMinMillis < 0 || workMaxMillis < workMinMillis) {
      throw new IllegalArgumentException("Job lengths must satisfy 0 <= min <= max");
    }
    if (gapMinMillis < 0 || gapMaxMillis < gapMinMillis) {
      throw new IllegalArgumentException("Fault gaps must satisfy 0 <= min <= max");
    }
  }

  /**
   * The build's run: 4 nodes, a 12 s window of 250 ms fires, 1 s leases, skews up to 400 ms, faults
   * close together.
   *
   * @param seed the seed
   * @return the settings
   */
  public static ChaosSettings shortRun(long seed) {
    return new ChaosSettings(4, 12_000, 250, 1_000, 400, 100, 180, 300, 700, seed);
  }

  /**
   * The scripted run: as the short one, for longer, with quieter gaps between faults.
   *
   * @param seed the seed
   * @param seconds the window's length
   * @return the settings
   */
  public static ChaosSettings longRun(long seed, long seconds) {
    return new ChaosSettings(4, seconds * 1_000, 250, 1_000, 400, 100, 180, 800, 2_500, seed);
  }

  /**
   * How many fires the schedule has in the window.
   *
   * @return the window divided by the period
   */
  public long firesScheduled() {
    return runMillis / periodMillis;
  }
}
