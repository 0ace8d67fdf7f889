package org.timerlock.core.admin;

import java.time.Instant;
import java.util.Objects;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.spi.Printable;

/**
 * A lock as the store has it at the moment it was read.
 *
 * @param name the lock name
 * @param owner the owner value of the latest acquisition, {@code <node-id>/<unique suffix>} for
 *     TimerLock nodes (a ShedLock node writes its host name, or its own value format on Redis);
 *     empty for a name paused before it was ever taken
 * @param lockedAt when the latest acquisition was made or last extended, by the store's clock (on
 *     Redis when it was made, from the state hash); null where the store does not record it (a
 *     Redis key that a ShedLock node wrote)
 * @param lockUntil until when the lock is held, by the store's clock (lockAtMostFor, or
 *     lockAtLeastFor after a release); null for a Redis key without expiry
 * @param held whether the lock is held at the moment it was read, judged by the store's clock: a
 *     lock released with lockAtLeastFor left counts as held until then
 * @param lastFire the latest scheduled fire the store granted for the name (the fire guard's
 *     memory); null when none was granted or the store does not guard fires
 * @param lastRun the latest run whose release the store recorded; null when none was recorded or
 *     the store does not record runs
 * @param pause the operator's pause in force when the lock was read (judged by the store's clock);
 *     null when the lock is not paused
 * @param fencingToken the fencing token of the latest acquisition (the store's {@code
 *     fencing_token}, greater at each acquisition of the name); null when the name was never taken
 *     or the store keeps no tokens (a ShedLock table)
 */
public record LockInfo(
    String name,
    String owner,
    Instant lockedAt,
    Instant lockUntil,
    boolean held,
    Instant lastFire,
    RunRecord lastRun,
    LockPause pause,
    Long fencingToken) {

  /**
   * Checks the name and owner.
   *
   * @throws NullPointerException when the name or the owner is null
   */
  public LockInfo {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(owner, "owner");
  }

  /**
   * A lock with its lease only, as a store that keeps no fires, runs, pauses or fencing tokens has
   * it. A store that keeps more adds it with {@link #withHistory}, {@link #withPause} and {@link
   * #withFencingToken}, or builds the lock with the canonical constructor.
   *
   * @param name the lock name
   * @param owner the owner value of the latest acquisition
   * @param lockedAt when it was taken, by the store's clock; null where not recorded
   * @param lockUntil until when it is held, by the store's clock
   * @param held whether it is held at the moment it was read
   */
  public LockInfo(String name, String owner, Instant lockedAt, Instant lockUntil, boolean held) {
    this(name, owner, lockedAt, lockUntil, held, null, null, null, null);
  }

  /**
   * The same lock with what the store keeps beyond the lease.
   *
   * @param fire the latest fire granted, or null
   * @param run the latest recorded run, or null
   * @return the lock with both
   */
  public LockInfo withHistory(Instant fire, RunRecord run) {
    return new LockInfo(name, owner, lockedAt, lockUntil, held, fire, run, pause, fencingToken);
  }

  /**
   * The same lock with the pause in force.
   *
   * @param inForce the pause, or null when the lock is not paused
   * @return the lock with it
   */
  public LockInfo withPause(LockPause inForce) {
    return new LockInfo(
        name, owner, lockedAt, lockUntil, held, lastFire, lastRun, inForce, fencingToken);
  }

  /**
   * The same lock with the fencing token of its latest acquisition.
   *
   * @param token the token, or null when the store keeps none for the name
   * @return the lock with it
   */
  public LockInfo withFencingToken(Long token) {
    return new LockInfo(name, owner, lockedAt, lockUntil, held, lastFire, lastRun, pause, token);
  }

  /**
   * Whether an operator's pause was in force when the lock was read.
   *
   * @return true when paused
   */
  public boolean paused() {
    return pause != null;
  }

  /**
   * The readable id of the node that holds or last held the lock: the owner value without its
   * unique suffix.
   *
   * @return e.g. {@code app-3.example.com:4711}; the whole owner value when it has no TimerLock
   *     suffix (a ShedLock node's host name)
   */
  public String nodeId() {
    return OwnerIds.nodeIdOf(owner);
  }

  @Override
  public String toString() {
    return "LockInfo['"
        + Printable.of(name)
        + "' "
        + (held ? "held" : "free")
        + " by "
        + Printable.of(owner)
        + (lockedAt == null ? "" : " since " + lockedAt)
        + (lockUntil == null ? "" : " until " + lockUntil)
        + (fencingToken == null ? "" : " token " + fencingToken)
        + (pause == null ? "" : ", " + pause)
        + "]";
  }
}
