package org.timerlock.cdi.internal;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.security.Principal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockReleasedByAdmin;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPage;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.core.spi.Printable;

/**
 * The injectable {@link LockAdmin}: the admin of the application's {@link LockProvider}, asked at
 * each call, with every release logged and fired as a {@link LockReleasedByAdmin} event, and every
 * pause and resume logged and fired as a {@link LockEvent}. The caller who asked is taken from the
 * container's built-in {@link Principal} bean, the caller identity of the request or EJB call (what
 * Jakarta Security's {@code SecurityContext} also names): a JDK type, so no security API is needed,
 * and a container without one (or a thread without a security context) leaves the caller unknown.
 */
@ApplicationScoped
public class EventingLockAdmin implements LockAdmin {

  private static final Logger LOG = System.getLogger(LockAdmin.class.getName());

  private final LockProvider provider;
  private final Event<LockReleasedByAdmin> events;
  private final String nodeId;
  private final Instance<Principal> callers;
  private final LockEventChannel lockEvents;
  private final JobRegistry jobs;

  /** For the container's client proxy only. */
  protected EventingLockAdmin() {
    this.provider = null;
    this.events = null;
    this.nodeId = null;
    this.callers = null;
    this.lockEvents = null;
    this.jobs = null;
  }

  @Inject
  EventingLockAdmin(
      LockProvider provider,
      Event<LockReleasedByAdmin> events,
      DeployedLocks locks,
      Instance<Principal> callers,
      LockEventChannel lockEvents,
      JobRegistry jobs) {
    this.lockEvents = lockEvents;
    this.jobs = jobs;
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

  /**
   * Pauses the lock in the store, then logs one WARNING naming who, from which node and until when,
   * and fires a {@link LockEvent.Kind#PAUSE_STARTED} event.
   */
  @Override
  public LockInfo pause(String name, Instant until, String by) {
    LockInfo paused = admin().pause(name, until, by);
    LOG.log(
        Level.WARNING,
        CdiMessage.PAUSED_BY_OPERATOR.text(
            "TimerLock: lock ''{0}'' was paused by {1} on node {2} until {3}: no node takes it"
                + " until then; a run in progress goes on"),
        Printable.shortened(name),
        Printable.shortened(by),
        nodeId,
        until == null ? "it is resumed" : Printable.of(until.toString()));
    publisher(name).operatorAction(LockEvent.Kind.PAUSE_STARTED, configuration(name), by, until);
    return paused;
  }

  /**
   * Ends the lock's pause in the store; when it was paused, logs one WARNING naming who and from
   * which node, and fires a {@link LockEvent.Kind#PAUSE_ENDED} event.
   */
  @Override
  public boolean resume(String name, String by) {
    boolean resumed = admin().resume(name, by);
    if (resumed) {
      LOG.log(
          Level.WARNING,
          CdiMessage.RESUMED_BY_OPERATOR.text(
              "TimerLock: lock ''{0}'' was resumed by {1} on node {2}: any node may take it again"),
          Printable.shortened(name),
          Printable.shortened(by),
          nodeId);
      publisher(name).operatorAction(LockEvent.Kind.PAUSE_ENDED, configuration(name), by, null);
    }
    return resumed;
  }

  @Override
  public boolean keepsHistory() {
    return admin().keepsHistory();
  }

  @Override
  public Optional<Instant> storeTime() {
    return admin().storeTime();
  }

  @Override
  public List<RunRecord> history(String name, int limit) {
    return admin().history(name, limit);
  }

  @Override
  public void recordMissed(String name, Instant slot, String nodeId) {
    admin().recordMissed(name, slot, nodeId);
  }

  /** The audit's events name the locked method when a job of this deployment uses the lock. */
  private EventPublisher publisher(String name) {
    return lockEvents.publisher(jobs.lockOf(name).map(ResolvedLock::method).orElse(null));
  }

  /**
   * The lock as this deployment configures it; a lock no job of it uses carries its name only, with
   * the shortest lease.
   */
  private LockConfiguration configuration(String name) {
    return jobs.lockOf(name)
        .map(ResolvedLock::configuration)
        .orElseGet(() -> LockConfiguration.of(name, Duration.ofMillis(1)));
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
