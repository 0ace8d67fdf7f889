package org.timerlock.core;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.internal.CoreMessage;
import org.timerlock.core.spi.Printable;

/**
 * Wraps a provider whose locks can be extended, and extends every lock it hands out in the
 * background while the lock is held: every half of lockAtMostFor, by lockAtMostFor again. A task
 * can then run for longer than lockAtMostFor without losing exclusivity, while a crashed node still
 * frees the lock within lockAtMostFor.
 *
 * <p>When a renewal fails for good (the lock expired or was taken over), the lock is marked lost:
 * {@link LockAssert#assertLocked()} inside the task then throws, so the task can stop instead of
 * silently running unlocked. A renewal that fails because the store does not answer is retried at
 * the next tick; the lock counts as lost once lockAtMostFor has passed since the last confirmed
 * renewal.
 */
public final class KeepAliveLockProvider implements LockProvider {

  private static final Logger LOG = System.getLogger(KeepAliveLockProvider.class.getName());

  private final LockProvider delegate;
  private final ScheduledExecutorService scheduler;

  /**
   * Creates the provider.
   *
   * @param delegate the provider that takes and extends the locks
   * @param scheduler runs the renewals; owned by the caller, who shuts it down
   */
  public KeepAliveLockProvider(LockProvider delegate, ScheduledExecutorService scheduler) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
  }

  @Override
  public Optional<SimpleLock> lock(LockConfiguration configuration) {
    return tryLock(configuration).lock();
  }

  @Override
  public LockAttempt tryLock(LockConfiguration configuration) {
    LockAttempt attempt = delegate.tryLock(configuration);
    return attempt
        .lock()
        .<LockAttempt>map(
            lock -> LockAttempt.acquired(new KeepAliveLock(configuration, lock, System.nanoTime())))
        .orElse(attempt);
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
  public Optional<LockAdmin> admin() {
    return delegate.admin();
  }

  @Override
  public String description() {
    return delegate.description() + " with keep-alive";
  }

  /** A lock renewed in the background until it is released. */
  final class KeepAliveLock implements SimpleLock {
    private final LockConfiguration configuration;
    private final long lockedAtNanos;
    private final ScheduledFuture<?> renewal;
    private SimpleLock current;
    private long confirmedUntilNanos;
    private boolean released;
    private String lossReason;
    private volatile Consumer<LockException> failures = failure -> {};

    KeepAliveLock(LockConfiguration configuration, SimpleLock lock, long lockedAtNanos) {
      this.configuration = configuration;
      this.current = lock;
      this.lockedAtNanos = lockedAtNanos;
      this.confirmedUntilNanos = lockedAtNanos + configuration.lockAtMostFor().toNanos();
      long periodNanos = Math.max(1, configuration.lockAtMostFor().toNanos() / 2);
      this.renewal =
          scheduler.scheduleAtFixedRate(
              this::renew, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
    }

    private synchronized void renew() {
      if (released || lossReason != null) {
        return;
      }
      long now = System.nanoTime();
      Duration remainingAtLeast =
          Duration.ofNanos(
              Math.max(0, lockedAtNanos + configuration.lockAtLeastFor().toNanos() - now));
      try {
        Optional<SimpleLock> extended =
            current.extend(configuration.lockAtMostFor(), remainingAtLeast);
        if (extended.isPresent()) {
          current = extended.get();
          confirmedUntilNanos = now + configuration.lockAtMostFor().toNanos();
        } else {
          lost("the lock had expired before it could be renewed");
        }
      } catch (UnsupportedOperationException e) {
        lost("the provider cannot extend locks: " + e.getMessage());
      } catch (RuntimeException | Error e) {
        LockException failure = StoreFailures.of("Renewing", configuration, e);
        LOG.log(
            Level.WARNING,
            CoreMessage.RENEWAL_FAILED.text(
                "Renewing lock ''{0}'' failed; retrying at the next tick: {1}"),
            Printable.of(configuration.name()),
            failure.getMessage());
        failures.accept(failure);
      }
    }

    /**
     * Where renewal failures and the loss of the lock are told: the executor's listeners. A loss
     * that came before, while the executor had not yet taken the lock over (a renewal runs after
     * half of lockAtMostFor, which a busy machine can pass), is told to them at once.
     */
    synchronized void reportFailuresTo(Consumer<LockException> failures) {
      this.failures = failures;
      if (lossReason != null) {
        failures.accept(lossOf(lossReason));
      }
    }

    private void lost(String reason) {
      lossReason = reason;
      renewal.cancel(false);
      LOG.log(
          Level.ERROR,
          CoreMessage.LOCK_LOST.text("Lock ''{0}'' was lost while its task runs: {1}"),
          Printable.of(configuration.name()),
          reason);
      failures.accept(lossOf(reason));
    }

    private LockException lossOf(String reason) {
      return new LockException(
          CoreMessage.LOCK_LOST.text(
              "Lock '" + Printable.of(configuration.name()) + "' was lost: " + reason));
    }

    synchronized boolean isLost() {
      return lossReason != null || confirmedUntilNanos - System.nanoTime() <= 0;
    }

    synchronized String lossReason() {
      return lossReason != null ? lossReason : "no renewal succeeded within lockAtMostFor";
    }

    @Override
    public synchronized void unlock() {
      released = true;
      renewal.cancel(false);
      current.unlock();
    }

    @Override
    public synchronized void unlock(RunEnd end) {
      released = true;
      renewal.cancel(false);
      current.unlock(end);
    }

    @Override
    public synchronized Optional<SimpleLock> extend(Duration atMostFor, Duration atLeastFor) {
      Optional<SimpleLock> extended = current.extend(atMostFor, atLeastFor);
      extended.ifPresent(
          lock -> {
            current = lock;
            confirmedUntilNanos = System.nanoTime() + atMostFor.toNanos();
          });
      return extended.map(lock -> this);
    }

    @Override
    public synchronized OptionalLong fencingToken() {
      return current.fencingToken();
    }
  }
}
