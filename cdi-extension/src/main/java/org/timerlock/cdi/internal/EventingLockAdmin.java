package org.timerlock.cdi.internal;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.security.Principal;
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
 * each call, with every release logged and fired as a {@link LockReleasedByAdmin} event. The caller
 * who asked is taken from the container's built-in {@link Principal} bean, the caller identity of
 * the request or EJB call (what Jakarta Security's {@code SecurityContext} also names): a JDK type,
 * so no security API is needed, and a container without one (or a thread without a security
 * context) leaves the caller unknown.
 */
@ApplicationScoped
public class EventingLockAdmin implements LockAdmin {

  private static final Logger LOG = System.getLogger(LockAdmin.class.getName());

  private final LockProvider provider;
  private final Event<LockReleasedByAdmin> events;
  private final String nodeId;
  private final Instance<Principal> callers;

  /** For the container's client proxy only. */
  protected EventingLockAdmin() {
    this.provider = null;
    this.events = null;
    this.nodeId = null;
    this.callers = null;
  }

  @Inject
  EventingLockAdmin(
      LockProvider provider,
      Event<LockReleasedByAdmin> events,
      DeployedLocks locks,
      Instance<Principal> callers) {
    this.provider = provider;
    this.events = events;
    this.nodeId = locks.nodeId();
    this.callers = callers;
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
    Optional<String> caller = caller();
    LOG.log(
        Level.WARNING,
        CdiMessage.RELEASED_BY_OPERATOR.text(
            "TimerLock: lock ''{0}'' held by {1} (node {2}) was released by an operator{3} on"
                + " node {4}; any node may take it now"),
        Printable.shortened(name),
        Printable.of(owner),
        Printable.of(OwnerIds.nodeIdOf(owner)),
        caller.map(user -> " (caller " + Printable.shortened(user) + ")").orElse(""),
        nodeId);
    events.fire(new LockReleasedByAdmin(name, owner, nodeId, Instant.now(), caller));
  }

  /** The caller the container names on this thread, if it names one. */
  private Optional<String> caller() {
    try {
      if (callers.isResolvable()) {
        Principal principal = callers.get();
        return Optional.ofNullable(principal == null ? null : principal.getName())
            .filter(user -> !user.isBlank());
      }
    } catch (RuntimeException e) {
      // No security context on this thread (a timer, a request without login): the release
      // itself succeeded and is audited without a caller.
      LOG.log(Level.DEBUG, "TimerLock: no caller identity for the release: {0}", e.toString());
    }
    return Optional.empty();
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
