package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.time.Duration;
import java.util.Optional;
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
    LockConfiguration config = LockConfiguration.of("long-job", Duration.ofSeconds(1));
    AtomicInteger otherNodeRuns = new AtomicInteger();

    executor.executeWithLock(
        () -> {
          // Three times lockAtMostFor: without renewal the other node would get in.
          long end = System.nanoTime() + Duration.ofMillis(3000).toNanos();
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
    LockProvider countingStore =
        c ->
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
                            extensions.incrementAndGet();
                            return lock.extend(atMost, atLeast);
                          }
                        });
    DefaultLockingTaskExecutor executor =
        new DefaultLockingTaskExecutor(new KeepAliveLockProvider(countingStore, scheduler));
    LockConfiguration config = LockConfiguration.of("released", Duration.ofMillis(100));

    executor.executeWithLock(
        () -> {
          Thread.sleep(300);
          return null;
        },
        config);
    int whileHeld = extensions.get();
    Thread.sleep(300);

    assertThat(whileHeld).as("renewed while held").isPositive();
    assertThat(extensions).as("no renewal after release").hasValue(whileHeld);
    assertThat(store.isLocked("released")).isFalse();
  }

  @Test
  void aLostLockMakesLockAssertFailInsideTheTask() {
    // A store in which every lock has expired by the time it is renewed.
    LockProvider expiringStore =
        c ->
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
                            return Optional.empty();
                          }
                        });
    DefaultLockingTaskExecutor executor =
        new DefaultLockingTaskExecutor(new KeepAliveLockProvider(expiringStore, scheduler));

    assertThatIllegalStateException()
        .isThrownBy(
            () ->
                executor.executeWithLock(
                    () -> {
                      Thread.sleep(500);
                      LockAssert.assertLocked();
                      return null;
                    },
                    LockConfiguration.of("lost", Duration.ofMillis(100))))
        .withMessageContaining("The lock 'lost' was lost")
        .withMessageContaining("expired before it could be renewed");
  }

  @Test
  void aProviderThatCannotExtendIsReportedAsLost() {
    LockProvider noExtension = c -> store.lock(c).map(lock -> lock::unlock);
    DefaultLockingTaskExecutor executor =
        new DefaultLockingTaskExecutor(new KeepAliveLockProvider(noExtension, scheduler));

    assertThatIllegalStateException()
        .isThrownBy(
            () ->
                executor.executeWithLock(
                    () -> {
                      Thread.sleep(400);
                      LockAssert.assertLocked();
                      return null;
                    },
                    LockConfiguration.of("no-extend", Duration.ofMillis(100))))
        .withMessageContaining("cannot extend locks");
  }

  @Test
  void describesTheDelegate() {
    KeepAliveLockProvider keepAlive = new KeepAliveLockProvider(store, scheduler);
    assertThat(keepAlive.description()).isEqualTo("in-memory (this JVM only) with keep-alive");
    assertThat(keepAlive.maxNameLength()).isEqualTo(store.maxNameLength());
  }
}
