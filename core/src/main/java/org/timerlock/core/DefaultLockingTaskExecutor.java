package org.timerlock.core;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.timerlock.core.internal.CoreMessage;
import org.timerlock.core.spi.Printable;

/**
 * The standard {@link LockingTaskExecutor}: takes the lock from a {@link LockProvider}, runs the
 * task, releases the lock, and tells its {@link LockListener}s. It is thread-safe and cheap to
 * create.
 *
 * <p>For a call that names its scheduled fire, on a provider that guards fires, lockAtLeastFor
 * counts from the fire, not from the acquisition: a run that starts late keeps the lock at most
 * until the fire plus lockAtLeastFor, so that the lease never reaches into the next fire's slot
 * (see {@link LockConfiguration#forFire}). A refusal while this executor's own earlier run still
 * keeps its lease is reported as {@link TaskResult.Outcome#HELD_BY_THIS_NODE}.
 */
public final class DefaultLockingTaskExecutor implements LockingTaskExecutor {

  private static final Logger LOG = System.getLogger(DefaultLockingTaskExecutor.class.getName());

  private final LockProvider provider;
  private final StoreFailurePolicy storeFailurePolicy;
  private final List<LockListener> listeners;
  private final Clock clock;
  private final OwnLeases ownLeases = new OwnLeases(System::nanoTime);
  private final BiConsumer<LockConfiguration, LockException> extensionFailures =
      (configuration, failure) ->
          notify(l -> l.storeFailure(configuration, StoreOperation.EXTEND, failure));

  /**
   * An executor that skips on store failure and has no listeners.
   *
   * @param provider where the locks live
   */
  public DefaultLockingTaskExecutor(LockProvider provider) {
    this(provider, StoreFailurePolicy.SKIP, List.of());
  }

  /**
   * An executor with a store-failure policy and listeners.
   *
   * @param provider where the locks live
   * @param storeFailurePolicy what to do when the store cannot answer on acquire
   * @param listeners told about every acquisition, skip, release and store failure, in order
   */
  public DefaultLockingTaskExecutor(
      LockProvider provider, StoreFailurePolicy storeFailurePolicy, List<LockListener> listeners) {
    this(provider, storeFailurePolicy, listeners, Clock.systemUTC());
  }

  /** With the clock that tells how late a fire starts: for tests. */
  DefaultLockingTaskExecutor(
      LockProvider provider,
      StoreFailurePolicy storeFailurePolicy,
      List<LockListener> listeners,
      Clock clock) {
    this.provider = Objects.requireNonNull(provider, "provider");
    this.storeFailurePolicy = Objects.requireNonNull(storeFailurePolicy, "storeFailurePolicy");
    this.listeners = List.copyOf(listeners);
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public boolean executeWithLock(Runnable task, LockConfiguration configuration) {
    Objects.requireNonNull(task, "task");
    try {
      return executeWithLock(
              () -> {
                task.run();
                return null;
              },
              configuration)
          .wasExecuted();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(
          CoreMessage.CHECKED_FROM_RUNNABLE.text("A Runnable cannot throw a checked exception"), e);
    }
  }

  @Override
  public <T> TaskResult<T> executeWithLock(Callable<T> task, LockConfiguration configuration)
      throws Exception {
    Objects.requireNonNull(task, "task");
    Objects.requireNonNull(configuration, "configuration");
    if (ActiveLocks.holds(configuration.name())) {
      // Reentrant call on the same thread: the outer execution holds and will release the lock.
      return TaskResult.executed(task.call());
    }
    // A plain call names no fire: its lease is as configured, and the provider is not asked.
    LockConfiguration leased =
        configuration.fireInstant() == null
            ? configuration
            : FireLease.of(
                configuration,
                provider.features().contains(LockProvider.Feature.FIRE_GUARD),
                clock);
    LockAttempt attempt;
    try {
      attempt = provider.tryLock(leased);
    } catch (LockException | Error e) {
      LockException failure = StoreFailures.of("Taking", configuration, e);
      notify(l -> l.storeFailure(configuration, StoreOperation.ACQUIRE, failure));
      if (storeFailurePolicy == StoreFailurePolicy.FAIL) {
        throw failure;
      }
      LOG.log(
          Level.WARNING,
          CoreMessage.SKIPPED_STORE_FAILURE.text(
              "Skipped the execution of lock ''{0}'': the lock store could not answer ({1})"),
          Printable.of(configuration.name()),
          failure.getMessage());
      return TaskResult.skipped(TaskResult.Outcome.STORE_FAILURE);
    }
    switch (attempt.outcome()) {
      case ACQUIRED:
        // One clock read for both: the run's start and the end of the lease it keeps.
        long start = System.nanoTime();
        return runHolding(
            task,
            configuration,
            attempt.acquiredLock(),
            start,
            start + leased.lockAtLeastFor().toNanos());
      case ALREADY_RAN:
        // The usual answer for every node but the winner once the winner has released: as quiet
        // as a lock held elsewhere.
        LOG.log(
            Level.DEBUG,
            CoreMessage.ALREADY_RAN.text(
                "Skipped the fire at {0} of lock ''{1}'': it already ran on another node"),
            configuration.fireInstant(),
            Printable.of(configuration.name()));
        notify(l -> l.alreadyRan(configuration));
        return TaskResult.skipped(TaskResult.Outcome.ALREADY_RAN);
      case PAUSED:
        // Every node is refused at every fire while the pause lasts: the pause itself was logged
        // once, by the node that set it.
        LOG.log(
            Level.DEBUG,
            CoreMessage.PAUSED.text(
                "Skipped the execution of lock ''{0}''{1}: an operator paused it in the store"),
            Printable.of(configuration.name()),
            configuration.fireInstant() == null
                ? ""
                : " for the fire at " + configuration.fireInstant());
        notify(l -> l.paused(configuration));
        return TaskResult.skipped(TaskResult.Outcome.PAUSED);
      default:
        if (ownLeases.holds(configuration.name())) {
          LOG.log(
              Level.DEBUG,
              "Skipped the execution of lock ''{0}'': this node's earlier run keeps it for"
                  + " lockAtLeastFor ({1})",
              Printable.of(configuration.name()),
              configuration.lockAtLeastFor());
          notify(l -> l.heldByThisNode(configuration));
          return TaskResult.skipped(TaskResult.Outcome.HELD_BY_THIS_NODE);
        }
        LOG.log(
            Level.DEBUG,
            "Skipped the execution of lock ''{0}'': held by another node",
            Printable.of(configuration.name()));
        notify(l -> l.skipped(configuration));
        return TaskResult.skipped(TaskResult.Outcome.HELD_ELSEWHERE);
    }
  }

  private <T> TaskResult<T> runHolding(
      Callable<T> task,
      LockConfiguration configuration,
      SimpleLock lock,
      long start,
      long leaseEndNanos)
      throws Exception {
    ActiveLocks.Held held = ActiveLocks.push(configuration, lock, extensionFailures);
    OptionalLong token = lock.fencingToken();
    Throwable failure = null;
    try {
      acquired(configuration, token);
      // After the acquisition is told, so that a loss the keep-alive saw before comes after it.
      if (lock instanceof KeepAliveLockProvider.KeepAliveLock keepAlive) {
        keepAlive.reportFailuresTo(lost -> extensionFailures.accept(configuration, lost));
      }
      return TaskResult.executed(task.call());
    } catch (Exception | Error e) {
      failure = e;
      throw e;
    } finally {
      ActiveLocks.pop(held);
      RunEnd end = failure == null ? RunEnd.succeeded() : RunEnd.failed(failure);
      if (release(configuration, held.lock, end)) {
        ownLeases.released(configuration.name(), leaseEndNanos);
      }
      released(configuration, token, System.nanoTime() - start, failure);
    }
  }

  // Every run tells these two, so they loop without a lambda or an iterator: telling the listeners
  // of a run allocates nothing but the run's duration.
  private void acquired(LockConfiguration configuration, OptionalLong token) {
    for (int i = 0; i < listeners.size(); i++) {
      LockListener listener = listeners.get(i);
      try {
        listener.acquired(configuration, token);
      } catch (RuntimeException e) {
        listenerFailed(listener, e);
      }
    }
  }

  private void released(
      LockConfiguration configuration, OptionalLong token, long ranForNanos, Throwable failure) {
    if (listeners.isEmpty()) {
      return;
    }
    Duration ranFor = Duration.ofNanos(ranForNanos);
    for (int i = 0; i < listeners.size(); i++) {
      LockListener listener = listeners.get(i);
      try {
        listener.released(configuration, token, ranFor, failure);
      } catch (RuntimeException e) {
        listenerFailed(listener, e);
      }
    }
  }

  /** Releases the lock; whether the store took the release. */
  private boolean release(LockConfiguration configuration, SimpleLock lock, RunEnd end) {
    try {
      lock.unlock(end);
      return true;
    } catch (RuntimeException | Error e) {
      LockException failure = StoreFailures.of("Releasing", configuration, e);
      LOG.log(
          Level.WARNING,
          CoreMessage.RELEASE_FAILED.text(
              "Could not release lock ''{0}''; it expires on its own after lockAtMostFor ({1}):"
                  + " {2}"),
          Printable.of(configuration.name()),
          configuration.lockAtMostFor(),
          failure.getMessage());
      notify(l -> l.storeFailure(configuration, StoreOperation.RELEASE, failure));
      return false;
    }
  }

  private void notify(Consumer<LockListener> call) {
    for (int i = 0; i < listeners.size(); i++) {
      LockListener listener = listeners.get(i);
      try {
        call.accept(listener);
      } catch (RuntimeException e) {
        listenerFailed(listener, e);
      }
    }
  }

  private static void listenerFailed(LockListener listener, RuntimeException e) {
    LOG.log(
        Level.WARNING,
        CoreMessage.LISTENER_FAILED.text("Lock listener " + listener + " failed"),
        e);
  }

  @Override
  public String toString() {
    return "DefaultLockingTaskExecutor[" + provider.description() + "]";
  }
}
