package org.timerlock.cdi;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.spi.Printable;

/**
 * A lock was released by an operator through the injected {@link
 * org.timerlock.core.admin.LockAdmin}, not by the job that held it: fired as a synchronous CDI
 * event on the thread that called the release, after the store confirmed it. Observe it for audit:
 *
 * <pre>{@code
 * void audit(@Observes LockReleasedByAdmin release) {
 *   audit.record("lock " + release.lockName() + " of " + release.holderNodeId() + " released by "
 *       + release.releasedByUser().orElse("an unknown caller"));
 * }
 * }</pre>
 *
 * @param lockName the lock name
 * @param owner the owner value of the acquisition that was released
 * @param releasedBy the id of the node whose {@code LockAdmin} released it ({@code
 *     timerlock.node-id})
 * @param timestamp when the release was confirmed, by this JVM's clock
 * @param releasedByUser the caller who asked for the release, as the container's security context
 *     names it (the caller principal of the request or EJB call); empty when the container knows
 *     none, as on a thread without a security context
 */
public record LockReleasedByAdmin(
    String lockName,
    String owner,
    String releasedBy,
    Instant timestamp,
    Optional<String> releasedByUser) {

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
    Objects.requireNonNull(releasedByUser, "releasedByUser");
  }

  /**
   * A release whose caller is not known.
   *
   * @param lockName the lock name
   * @param owner the owner value of the acquisition that was released
   * @param releasedBy the id of the node whose {@code LockAdmin} released it
   * @param timestamp when the release was confirmed
   * @throws NullPointerException when a component is null
   */
  public LockReleasedByAdmin(String lockName, String owner, String releasedBy, Instant timestamp) {
    this(lockName, owner, releasedBy, timestamp, Optional.empty());
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
        + releasedByUser.map(user -> " (caller " + Printable.shortened(user) + ")").orElse("")
        + " at "
        + timestamp
        + "]";
  }
}
