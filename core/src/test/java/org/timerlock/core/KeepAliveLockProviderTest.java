package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class KeepAliveLockProviderTest {

  private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(1);
  private final InMemoryLockProvider store = new InMemoryLockProvider();
  private final ExecutorService otherThread = Executors.newSingleThreadExecutor();

  @AfterEach
  void stop() throws InterruptedException {
    otherThread.shutdownNow();
    scheduler.shutdownNow();
    assertThat(scheduler.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void keepsTheLockWhileATaskRunsLongerThanLockAtMostFor() throws Exception {
    KeepAliveLockProvider keepAlive = new KeepAliveLockProvider(store, scheduler);
    DefaultLockingTaskExecutor executor = new DefaultLockingTaskExecutor(keepAlive);
    DefaultLockingTaskExecutor otherNode = new DefaultLockingTaskExecutor(store);
    // Renewed every 1.5 s for 3 s: a renewal may come 1.5 s late before the lock is lost.
    LockConfiguration config = LockConfiguration.of("long-job", Duration.ofSeconds(3));
    AtomicInteger otherNodeRuns = new AtomicInteger();

    executor.executeWithLock(
        () -> {
          // Twice lockAtMostFor: without at least two renewals the other node would get in.
          long end = System.nanoTime() + config.lockAtMostFor().multipliedBy(2).toNanos();
          while (System.nanoTime() < end) {
            // Another thread: on this thread the call would be a reentrant one.
            otherThread
                .submit(
                    () ->
                        otherNode.executeWithLock(
                            (Runnable) otherNodeRuns::incrementAndGet, config))
                .get();
            LockAssert.assertLocked();
            Thread.sleep(20);
          }
          return null;
        },
        config);

    assertThat(otherNodeRuns).hasValue(0);
    assertThat(store.isLocked("long-job")).isFalse();
    assertThat(otherNode.executeWithLock(() -> {}, config)).isTrue();
  }

  @Test
  void stopsRenewingOnceReleased() throws Exception {
    AtomicInteger extensions = new AtomicInteger();
    CountDownLatch renewedTwice = new CountDownLatch(2);
    // Renewals every 50 ms that always succeed (the lock underneath lasts a minute), so that only
    // the release can stop them.
    LockProvider countingStore =
        c ->
            store
                .lock(c.withDurations(Duration.ofMinutes(1), Duration.ZERO))
                .map(
                    lock ->
                        new SimpleLock() {
                          @Override
                          public void unlock() {
                            lock.unlock();
                          }

                          @Override
                          public Optional<SimpleLock> extend(Duration atMost, Duration atLeast) {
                            extensions.incrementAndGet();
                            renewedTwice.countDown();
                            return Optional.of(this);
                          }
                        });
    DefaultLockingTaskExecutor executor =
        new DefaultLockingTaskExecutor(new KeepAliveLockProvider(countingStore, scheduler));
    LockConfiguration config = LockConfiguration.of("released", Duration.ofMillis(100));

    executor.executeWithLock(
        () -> {
          assertThat(renewedTwice.await(30, TimeUnit.SECONDS)).as("renewed while held").isTrue();
          return null;
        },
        config);
    int whileHeld = extensions.get();
    // The scheduler has one thread and runs tasks in the order they are due: once a task due four
    // renewal periods from now has run, any renewal still scheduled would have run before it.
    scheduler.schedule(() -> {}, 200, TimeUnit.MILLISECONDS).get(30, TimeUnit.SECONDS);

    assertThat(extensions).as("no renewal after release").hasValue(whileHeld);
    assertThat(store.isLocked("released")).isFalse();
  }

  @Test
  void aLostLockMakesLockAssertFailInsideTheTask() {
    CountDownLatch renewalTried = new CountDownLatch(1);
    // A store in which every lock has expired by the time it is renewed.
    LockProvider expiringStore = storeWhoseRenewal(renewalTried, true);
    DefaultLockingTaskExecutor executor =
        new DefaultLockingTaskExecutor(new KeepAliveLockProvider(expiringStore, scheduler));

    assertThatIllegalStateException()
        .isThrownBy(
            () ->
                executor.executeWithLock(
                    () -> {
                      // The renewal marks the lock lost before it lets go of it: assertLocked()
                      // waits for that.
                      assertThat(renewalTried.await(30, TimeUnit.SECONDS)).isTrue();
                      LockAssert.assertLocked();
                      return null;
                    },
                    LockConfiguration.of("lost", Duration.ofMillis(100))))
        .withMessageContaining("The lock 'lost' was lost")
        .withMessageContaining("expired before it could be renewed");
  }

  @Test
  void aLostLockReachesTheListenersAsAnExtensionFailure() throws Exception {
    CountDownLatch renewalTried = new CountDownLatch(1);
    LockProvider expiringStore = storeWhoseRenewal(renewalTried, true);
    RecordingListener listener = new RecordingListener();
    DefaultLockingTaskExecutor executor =
        new DefaultLockingTaskExecutor(
            new KeepAliveLockProvider(expiringStore, scheduler),
            StoreFailurePolicy.SKIP,
            List.of(listener));

    boolean lost =
        executor
            .executeWithLock(
                () -> {
                  assertThat(renewalTried.await(30, TimeUnit.SECONDS)).isTrue();
                  // Waits for the renewal that found the lock expired to have finished.
                  return CurrentLock.isLost();
                },
                LockConfiguration.of("kept", Duration.ofMillis(100)))
            .getResult();

    assertThat(lost).isTrue();
    assertThat(listener.calls).contains("store failure EXTEND kept");
    assertThat(listener.lastStoreFailure)
        .hasMessageContaining("Lock 'kept' was lost")
        .hasMessageContaining("expired before it could be renewed");
  }

  @Test
  void aLossBeforeTheListenersAreWiredIsToldToThemWhenTheyAre() throws Exception {
    CountDownLatch renewalTried = new CountDownLatch(1);
    LockProvider expiringStore = storeWhoseRenewal(renewalTried, true);
    KeepAliveLockProvider.KeepAliveLock lock =
        (KeepAliveLockProvider.KeepAliveLock)
            new KeepAliveLockProvider(expiringStore, scheduler)
                .lock(LockConfiguration.of("early", Duration.ofMillis(100)))
                .orElseThrow();
    assertThat(renewalTried.await(30, TimeUnit.SECONDS)).isTrue();
    // The renewal holds the lock's monitor from its try until it has marked the lock lost.
    assertThat(lock.isLost()).isTrue();

    List<LockException> told = new ArrayList<>();
    lock.reportFailuresTo(told::add);

    assertThat(told)
        .singleElement()
        .satisfies(
            failure ->
                assertThat(failure)
                    .hasMessageContaining("Lock 'early' was lost")
                    .hasMessageContaining("expired before it could be renewed"));
    lock.unlock();
  }

  @Test
  void aProviderThatCannotExtendIsReportedAsLost() {
    CountDownLatch renewalTried = new CountDownLatch(1);
    LockProvider noExtension = storeWhoseRenewal(renewalTried, false);
    DefaultLockingTaskExecutor executor =
        new DefaultLockingTaskExecutor(new KeepAliveLockProvider(noExtension, scheduler));

    assertThatIllegalStateException()
        .isThrownBy(
            () ->
                executor.executeWithLock(
                    () -> {
                      assertThat(renewalTried.await(30, TimeUnit.SECONDS)).isTrue();
                      LockAssert.assertLocked();
                      return null;
                    },
                    LockConfiguration.of("no-extend", Duration.ofMillis(100))))
        .withMessageContaining("cannot extend locks");
  }

  /**
   * The shared store, with locks whose renewal counts down the latch and then fails: the lock has
   * expired (extension supported), or extension is unsupported.
   */
  private LockProvider storeWhoseRenewal(CountDownLatch renewalTried, boolean extensionSupported) {
    return c ->
        store
            .lock(c)
            .map(
                lock ->
                    new SimpleLock() {
                      @Override
                      public void unlock() {
                        lock.unlock();
                      }

                      @Override
                      public Optional<SimpleLock> extend(Duration atMost, Duration atLeast) {
                        renewalTried.countDown();
                        return extensionSupported
                            ? Optional.empty()
                            : SimpleLock.super.extend(atMost, atLeast); // unsupported
                      }
                    });
  }

  @Test
  void describesTheDelegate() {
    KeepAliveLockProvider keepAlive = new KeepAliveLockProvider(store, scheduler);
    assertThat(keepAlive.description()).isEqualTo("in-memory (this JVM only) with keep-alive");
    assertThat(keepAlive.maxNameLength()).isEqualTo(store.maxNameLength());
  }
}
