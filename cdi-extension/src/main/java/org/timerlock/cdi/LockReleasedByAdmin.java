package org.timerlock.cdi;

import java.time.Instant;
import java.util.Objects;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.spi.Printable;

/**
 * A lock was released by an operator through the injected {@link
 * org.timerlock.core.admin.LockAdmin}, not by the job that held it: fired as a synchronous CDI
 * event on the thread that called the release, after the store confirmed it. Observe it for audit:
 *
 * <pre>{@code
 * void audit(@Observes LockReleasedByAdmin release) {
 *   audit.record("lock " + release.lockName() + " of " + release.holderNodeId() + " released");
 * }
 * }</pre>
 *
 * @param lockName the lock name
 * @param owner the owner value of the acquisition that was released
 * @param releasedBy the id of the node whose {@code LockAdmin} released it ({@code
 *     timerlock.node-id})
 * @param timestamp when the release was confirmed, by this JVM's clock
 */
public record LockReleasedByAdmin(
    String lockName, String owner, String releasedBy, Instant timestamp) {

  /**
   * Checks that no component is null.
   *
   * @throws NullPointerException when one is
   */
  public LockReleasedByAdmin {
    Objects.requireNonNull(lockName, "lockName");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(releasedBy, "releasedBy");
    Objects.requireNonNull(timestamp, "timestamp");
  }

  /**
   * The node that held the lock.
   *
   * @return the node id part of {@link #owner()}
   */
  public String holderNodeId() {
    return OwnerIds.nodeIdOf(owner);
  }

  @Override
  public String toString() {
    return "LockReleasedByAdmin['"
        + Printable.of(lockName)
        + "' of "
        + Printable.of(owner)
        + " by "
        + releasedBy
        + " at "
        + timestamp
        + "]";
  }
}
