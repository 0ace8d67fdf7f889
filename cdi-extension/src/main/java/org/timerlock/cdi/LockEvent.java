package org.timerlock.cdi;

import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.StoreOperation;
import org.timerlock.core.spi.Printable;

/**
 * A step in a lock's life, fired as a synchronous CDI event on the thread that runs the job ({@link
 * Kind#MISSED} on the thread that checks for missed fires). Observe it for metrics, audit or
 * alerts:
 *
 * <pre>{@code
 * void onLock(@Observes LockEvent event) {
 *   if (event.kind() == LockEvent.Kind.STORE_FAILURE) alert(event.failure().orElseThrow());
 * }
 * }</pre>
 *
 * An observer that throws is logged (naming the event and the observer method) and never changes
 * what happens to the job; CDI does not notify the observers after it of that one event.
 */
public final class LockEvent {

  /** What happened. */
  public enum Kind {
    /** The lock was taken; the job is about to run. */
    ACQUIRED,
    /** Another node holds the lock; this call was skipped. */
    SKIPPED,
    /**
     * This node's own earlier run keeps the lock: it ended, but its lockAtLeastFor has not passed
     * (a call made again too soon, or a lockAtLeastFor longer than the schedule's period); this
     * call was skipped. Told apart from {@link #SKIPPED} by what this node remembers of its own
     * releases.
     */
    HELD_BY_THIS_NODE,
    /**
     * The scheduled fire this call serves already ran on some node (see {@link #fireInstant()});
     * this call was skipped. It tells of a node that woke late or whose clock is behind.
     */
    ALREADY_RAN,
    /**
     * The job finished (normally or not) and the lock's release was done or attempted: a release
     * the store could not do comes first as {@link #STORE_FAILURE} with operation {@code RELEASE}.
     */
    RELEASED,
    /** The lock store could not answer; see {@link #operation()} and {@link #failure()}. */
    STORE_FAILURE,
    /**
     * The lock is switched off by configuration ({@code timerlock.enabled=false} or {@code
     * timerlock.lock."<name>".enabled=false}); this call was skipped without asking the store.
     */
    DISABLED,
    /**
     * A slot of the lock's schedule that no node in the cluster took ({@link #fireInstant()} is the
     * slot), found by the missed-fire check some time after the slot, on the one node that made
     * that check. Every missed slot is published once in the cluster; {@link #method()} is the
     * locked method when the lock has one.
     */
    MISSED,
    /**
     * An operator paused the lock in the store ({@code LockAdmin.pause}); this call was refused
     * without running, on every node, until the pause ends.
     */
    PAUSED,
    /**
     * The application is stopping: no new lock is taken while the running jobs drain ({@code
     * timerlock.shutdown.drain-timeout}); this call was skipped without asking the store.
     */
    SHUTTING_DOWN,
    /**
     * The audit of a pause: an operator ({@link #operator()}) paused the lock through the injected
     * {@code LockAdmin} on this node, until {@link #pausedUntil()} (empty: until resumed). For a
     * lock that no job of this deployment uses, {@link #configuration()} carries the name only,
     * with a lockAtMostFor of 1 ms.
     */
    PAUSE_STARTED,
    /** The audit of a resume: an operator ({@link #operator()}) ended the lock's pause. */
    PAUSE_ENDED,
    /**
     * The audit of a run now: an operator ({@link #operator()}) asked this node to run the lock's
     * job at once ({@code LockedJobs.runNow}); what followed comes as the usual events, with a
     * configuration of kind {@code MANUAL}.
     */
    RUN_NOW
  }

  private final Kind kind;
  private final LockConfiguration configuration;
  private final Method method;
  private final String nodeId;
  private final Instant timestamp;
  private final Duration ranFor;
  private final Throwable failure;
  private final StoreOperation operation;
  private final OptionalLong fencingToken;
  private final String operator;
  private final Instant pausedUntil;

  /**
   * Creates an event that names no operator and no pause end, as every event of a lock call;
   * TimerLock fires them, and tests of an application's observers can build their own. The values
   * are those of {@link #LockEvent(Kind, LockConfiguration, Method, String, Instant, Duration,
   * Throwable, StoreOperation, OptionalLong, String, Instant)}.
   *
   * @throws NullPointerException when kind, configuration, nodeId, timestamp or fencingToken is
   *     null
   */
  public LockEvent(
      Kind kind,
      LockConfiguration configuration,
      Method method,
      String nodeId,
      Instant timestamp,
      Duration ranFor,
      Throwable failure,
      StoreOperation operation,
      OptionalLong fencingToken) {
    this(
        kind,
        configuration,
        method,
        nodeId,
        timestamp,
        ranFor,
        failure,
        operation,
        fencingToken,
        null,
        null);
  }

  /**
   * Creates an event, of a lock call or of an operator's action.
   *
   * @param kind what happened
   * @param configuration the lock, with the fire instant when the call served a scheduled fire
   * @param method the locked method, or null for locks taken through {@link LockedTasks} or the
   *     injected executor
   * @param nodeId the id of the node the event happened on
   * @param timestamp when it happened
   * @param ranFor how long the job ran, for {@link Kind#RELEASED}; else null
   * @param failure the job's exception for {@link Kind#RELEASED}, the store's error for {@link
   *     Kind#STORE_FAILURE}; else null
   * @param operation the failed store operation, for {@link Kind#STORE_FAILURE}; else null
   * @param fencingToken the acquisition's fencing token, or empty
   * @param operator who asked, for {@link Kind#PAUSE_STARTED}, {@link Kind#PAUSE_ENDED} and {@link
   *     Kind#RUN_NOW}; else null
   * @param pausedUntil when a pause ends by itself, for {@link Kind#PAUSE_STARTED}; else null
   * @throws NullPointerException when kind, configuration, nodeId, timestamp or fencingToken is
   *     null
   */
  public LockEvent(
      Kind kind,
      LockConfiguration configuration,
      Method method,
      String nodeId,
      Instant timestamp,
      Duration ranFor,
      Throwable failure,
      StoreOperation operation,
      OptionalLong fencingToken,
      String operator,
      Instant pausedUntil) {
    this.operator = operator;
    this.pausedUntil = pausedUntil;
    this.kind = Objects.requireNonNull(kind, "kind");
    this.configuration = Objects.requireNonNull(configuration, "configuration");
    this.method = method;
    this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
    this.timestamp = Objects.requireNonNull(timestamp, "timestamp");
    this.ranFor = ranFor;
    this.failure = failure;
    this.operation = operation;
    this.fencingToken = Objects.requireNonNull(fencingToken, "fencingToken");
  }

  /**
   * What happened.
   *
   * @return the kind
   */
  public Kind kind() {
    return kind;
  }

  /**
   * The lock name.
   *
   * @return the name
   */
  public String lockName() {
    return configuration.name();
  }

  /**
   * The lock with its effective durations.
   *
   * @return the configuration
   */
  public LockConfiguration configuration() {
    return configuration;
  }

  /**
   * The intercepted method.
   *
   * @return the method, or empty for locks taken through {@link LockedTasks} or the injected
   *     executor
   */
  public Optional<Method> method() {
    return Optional.ofNullable(method);
  }

  /**
   * This node's id ({@code timerlock.node-id}), the readable prefix of its lock owner values.
   *
   * @return the node id
   */
  public String nodeId() {
    return nodeId;
  }

  /**
   * When the event was created, by this JVM's clock.
   *
   * @return the timestamp
   */
  public Instant timestamp() {
    return timestamp;
  }

  /**
   * How long the job ran, for {@link Kind#RELEASED}.
   *
   * @return the duration measured with {@link System#nanoTime()}, or empty for other kinds
   */
  public Optional<Duration> ranFor() {
    return Optional.ofNullable(ranFor);
  }

  /**
   * What went wrong: the job's exception for {@link Kind#RELEASED}, the store's {@link
   * org.timerlock.core.LockException} for {@link Kind#STORE_FAILURE}.
   *
   * @return the failure, or empty
   */
  public Optional<Throwable> failure() {
    return Optional.ofNullable(failure);
  }

  /**
   * For {@link Kind#STORE_FAILURE}: which store operation failed.
   *
   * @return the operation, or empty for other kinds
   */
  public Optional<StoreOperation> operation() {
    return Optional.ofNullable(operation);
  }

  /**
   * The fencing token of the acquisition, for {@link Kind#ACQUIRED} and {@link Kind#RELEASED} on a
   * provider that has tokens.
   *
   * @return the token, or empty
   */
  public OptionalLong fencingToken() {
    return fencingToken;
  }

  /**
   * Who asked, for an operator's action ({@link Kind#PAUSE_STARTED}, {@link Kind#PAUSE_ENDED},
   * {@link Kind#RUN_NOW}), as the operator's tool named them: escape it before showing it.
   *
   * @return the operator, or empty
   */
  public Optional<String> operator() {
    return Optional.ofNullable(operator);
  }

  /**
   * When a pause ends by itself, for {@link Kind#PAUSE_STARTED}.
   *
   * @return the end, or empty for a pause until resumed and for other kinds
   */
  public Optional<Instant> pausedUntil() {
    return Optional.ofNullable(pausedUntil);
  }

  /**
   * The scheduled instant of the fire the call served, when it was a scheduled fire.
   *
   * @return the fire instant, or empty for a plain call
   */
  public Optional<Instant> fireInstant() {
    return Optional.ofNullable(configuration.fireInstant());
  }

  @Override
  public String toString() {
    return "LockEvent["
        + kind
        + " '"
        + Printable.of(lockName())
        + "' on "
        + nodeId
        + (method == null
            ? ""
            : " for " + method.getDeclaringClass().getSimpleName() + "." + method.getName())
        + (configuration.fireInstant() == null ? "" : " fire " + configuration.fireInstant())
        + (fencingToken.isEmpty() ? "" : " token " + fencingToken.getAsLong())
        + (operator == null ? "" : " by " + Printable.of(operator))
        + (pausedUntil == null ? "" : " until " + pausedUntil)
        + (ranFor == null ? "" : " after " + ranFor)
        + (failure == null ? "" : ": " + failure)
        + "]";
  }
}
