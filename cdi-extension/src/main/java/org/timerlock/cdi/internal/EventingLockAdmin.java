package org.timerlock.cdi.internal;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.Optional;
import org.timerlock.cdi.LockReleasedByAdmin;
import org.timerlock.core.LockProvider;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPage;
import org.timerlock.core.spi.Printable;

/**
 * The injectable {@link LockAdmin}: the admin of the application's {@link LockProvider}, asked at
 * each call, with every release logged and fired as a {@link LockReleasedByAdmin} event.
 */
@ApplicationScoped
public class EventingLockAdmin implements LockAdmin {

  private static final Logger LOG = System.getLogger(LockAdmin.class.getName());

  private final LockProvider provider;
  private final Event<LockReleasedByAdmin> events;
  private final String nodeId;

  /** For the container's client proxy only. */
  protected EventingLockAdmin() {
    this.provider = null;
    this.events = null;
    this.nodeId = null;
  }

  @Inject
  EventingLockAdmin(LockProvider provider, Event<LockReleasedByAdmin> events, DeployedLocks locks) {
    this.provider = provider;
    this.events = events;
    this.nodeId = locks.nodeId();
  }

  @Override
  public LockPage list(String cursor, int limit) {
    return admin().list(cursor, limit);
  }

  @Override
  public Optional<LockInfo> find(String name) {
    return admin().find(name);
  }

  @Override
  public boolean release(String name, String owner) {
    boolean released = admin().release(name, owner);
    if (released) {
      released(name, owner);
    }
    return released;
  }

  @Override
  public Optional<LockInfo> release(String name) {
    Optional<LockInfo> released = admin().release(name);
    released.ifPresent(lock -> released(name, lock.owner()));
    return released;
  }

  private void released(String name, String owner) {
    LOG.log(
        Level.WARNING,
        CdiMessage.RELEASED_BY_OPERATOR.text(
            "TimerLock: lock ''{0}'' held by {1} (node {2}) was released by an operator on node"
                + " {3};"
                + " any node may take it now"),
        Printable.shortened(name),
        Printable.of(owner),
        Printable.of(OwnerIds.nodeIdOf(owner)),
        nodeId);
    events.fire(new LockReleasedByAdmin(name, owner, nodeId, Instant.now()));
  }

  private LockAdmin admin() {
    return provider
        .admin()
        .orElseThrow(
            () ->
                new UnsupportedOperationException(
                    CdiMessage.ADMIN_UNSUPPORTED.text(
                        "TimerLock: the lock provider "
                            + provider.description()
                            + " cannot list or release locks: LockProvider.admin() is empty. The"
                            + " JDBC,"
                            + " Redis and in-memory providers can.")));
  }
}
