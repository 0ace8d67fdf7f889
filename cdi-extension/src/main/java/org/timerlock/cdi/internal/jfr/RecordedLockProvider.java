package org.timerlock.cdi.internal.jfr;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;
import jdk.jfr.EventType;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.StoreOperation;
import org.timerlock.core.admin.LockAdmin;

/**
 * Wraps the application's provider and records JDK Flight Recorder events around each store call:
 * {@code org.timerlock.Acquire}, {@code org.timerlock.Skip}, {@code org.timerlock.Release}, {@code
 * org.timerlock.LockHeld} and {@code org.timerlock.StoreFailure}. While no recording asks for any
 * of them, an attempt costs a check of their flags and allocates nothing: neither events nor the
 * fire instant's text are made, and the lock is returned unwrapped; the store calls are unchanged.
 */
public final class RecordedLockProvider implements LockProvider {

  private final LockProvider delegate;

  private RecordedLockProvider(LockProvider delegate) {
    this.delegate = delegate;
  }

  /**
   * The provider with its calls recorded, when this JVM has Flight Recorder ({@code jdk.jfr} may be
   * left out of a trimmed runtime).
   *
   * @param provider the application's provider
   * @return the recording wrapper, or the provider itself
   */
  public static LockProvider wrap(LockProvider provider) {
    return FlightRecorderCheck.AVAILABLE ? new RecordedLockProvider(provider) : provider;
  }

  @Override
  public Optional<SimpleLock> lock(LockConfiguration configuration) {
    return tryLock(configuration).lock();
  }

  @Override
  public LockAttempt tryLock(LockConfiguration configuration) {
    if (!anyRecorded()) {
      return delegate.tryLock(configuration);
    }
    AcquireEvent acquire = new AcquireEvent();
    acquire.lockName = configuration.name();
    acquire.fireInstant =
        configuration.fireInstant() == null ? "" : configuration.fireInstant().toString();
    StoreFailureEvent failure = new StoreFailureEvent();
    acquire.begin();
    failure.begin();
    LockAttempt attempt;
    try {
      attempt = delegate.tryLock(configuration);
    } catch (RuntimeException | Error e) {
      acquire.outcome = "FAILED";
      acquire.commit();
      failed(failure, configuration.name(), StoreOperation.ACQUIRE, e);
      throw e;
    }
    acquire.outcome = attempt.outcome().name();
    acquire.commit();
    if (attempt.lock().isEmpty()) {
      SkipEvent skip = new SkipEvent();
      skip.lockName = configuration.name();
      skip.reason = attempt.outcome().name();
      skip.commit();
      return attempt;
    }
    HeldEvent held = new HeldEvent();
    held.begin();
    held.lockName = configuration.name();
    SimpleLock lock = attempt.lock().get();
    held.fencingToken = lock.fencingToken().orElse(0);
    return LockAttempt.acquired(new RecordedLock(configuration.name(), lock, held));
  }

  @Override
  public Set<Feature> features() {
    return delegate.features();
  }

  @Override
  public int maxNameLength() {
    return delegate.maxNameLength();
  }

  @Override
  public String description() {
    return delegate.description();
  }

  @Override
  public Optional<LockAdmin> admin() {
    return delegate.admin();
  }

  /**
   * Whether a running recording has one of the events enabled. A recording started while a lock is
   * held does not see that hold: it begins with the next attempt.
   */
  private static boolean anyRecorded() {
    // Indexed: asked at every attempt, it makes no iterator.
    for (int i = 0; i < EventTypes.ALL.size(); i++) {
      if (EventTypes.ALL.get(i).isEnabled()) {
        return true;
      }
    }
    return false;
  }

  private static void failed(
      StoreFailureEvent event, String lockName, StoreOperation operation, Throwable e) {
    event.lockName = lockName;
    event.operation = operation.name();
    event.message = String.valueOf(e.getMessage());
    event.commit();
  }

  /**
   * The event types, to ask whether a recording wants one before anything is allocated; apart from
   * the provider so that {@link #wrap} loads no {@code jdk.jfr} class on a JVM without it.
   */
  private static final class EventTypes {
    static final List<EventType> ALL =
        Stream.of(
                AcquireEvent.class,
                SkipEvent.class,
                HeldEvent.class,
                ReleaseEvent.class,
                StoreFailureEvent.class)
            .map(EventType::getEventType)
            .toList();
  }

  /** A held lock whose release and extensions are recorded; the hold ends with the release. */
  private static final class RecordedLock implements SimpleLock {
    private final String name;
    private final SimpleLock delegate;
    private final HeldEvent held;

    RecordedLock(String name, SimpleLock delegate, HeldEvent held) {
      this.name = name;
      this.delegate = delegate;
      this.held = held;
    }

    @Override
    public void unlock() {
      ReleaseEvent release = new ReleaseEvent();
      release.lockName = name;
      StoreFailureEvent failure = new StoreFailureEvent();
      release.begin();
      failure.begin();
      try {
        delegate.unlock();
      } catch (RuntimeException | Error e) {
        failed(failure, name, StoreOperation.RELEASE, e);
        throw e;
      } finally {
        release.commit();
        held.commit();
      }
    }

    @Override
    public Optional<SimpleLock> extend(Duration atMostFor, Duration atLeastFor) {
      StoreFailureEvent failure = new StoreFailureEvent();
      failure.begin();
      try {
        return delegate
            .extend(atMostFor, atLeastFor)
            .map(extended -> new RecordedLock(name, extended, held));
      } catch (UnsupportedOperationException e) {
        throw e;
      } catch (RuntimeException | Error e) {
        failed(failure, name, StoreOperation.EXTEND, e);
        throw e;
      }
    }

    @Override
    public OptionalLong fencingToken() {
      return delegate.fencingToken();
    }

    @Override
    public String toString() {
      return delegate.toString();
    }
  }
}
