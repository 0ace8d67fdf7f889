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
 * A step in a lock's life, fired as a synchronous CDI event on the thread that runs the job.
 * Observe it for metrics, audit or alerts:
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
    DISABLED
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

  private LockEvent(Builder b) {
    this.kind = b.kind;
    this.configuration = b.configuration;
    this.method = b.method;
    this.nodeId = b.nodeId;
    this.timestamp = Instant.now();
    this.ranFor = b.ranFor;
    this.failure = b.failure;
    this.operation = b.operation;
    this.fencingToken = b.fencingToken;
  }

  /**
   * Starts an event; used by TimerLock itself.
   *
   * @param kind what happened
   * @param configuration the lock
   * @param nodeId this node's id
   * @return the builder
   */
  public static Builder of(Kind kind, LockConfiguration configuration, String nodeId) {
    return new Builder(kind, configuration, nodeId);
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
        + (ranFor == null ? "" : " after " + ranFor)
        + (failure == null ? "" : ": " + failure)
        + "]";
  }

  /** Builds a {@link LockEvent}; used by TimerLock itself. */
  public static final class Builder {
    private final Kind kind;
    private final LockConfiguration configuration;
    private final String nodeId;
    private Method method;
    private Duration ranFor;
    private Throwable failure;
    private StoreOperation operation;
    private OptionalLong fencingToken = OptionalLong.empty();

    private Builder(Kind kind, LockConfiguration configuration, String nodeId) {
      this.kind = Objects.requireNonNull(kind, "kind");
      this.configuration = Objects.requireNonNull(configuration, "configuration");
      this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
    }

    /**
     * Sets the intercepted method.
     *
     * @param method the method, or null
     * @return this builder
     */
    public Builder method(Method method) {
      this.method = method;
      return this;
    }

    /**
     * Sets how long the job ran.
     *
     * @param ranFor the duration, or null
     * @return this builder
     */
    public Builder ranFor(Duration ranFor) {
      this.ranFor = ranFor;
      return this;
    }

    /**
     * Sets the failure.
     *
     * @param failure the failure, or null
     * @return this builder
     */
    public Builder failure(Throwable failure) {
      this.failure = failure;
      return this;
    }

    /**
     * Sets the failed store operation.
     *
     * @param operation the operation, or null
     * @return this builder
     */
    public Builder operation(StoreOperation operation) {
      this.operation = operation;
      return this;
    }

    /**
     * Sets the acquisition's fencing token.
     *
     * @param fencingToken the token, or empty
     * @return this builder
     */
    public Builder fencingToken(OptionalLong fencingToken) {
      this.fencingToken = Objects.requireNonNull(fencingToken, "fencingToken");
      return this;
    }

    /**
     * Creates the event.
     *
     * @return the event
     */
    public LockEvent build() {
      return new LockEvent(this);
    }
  }
}
