package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import net.javacrumbs.shedlock.core.ClockProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * ShedLock's own JDBC provider and TimerLock racing for the same name, on a table created with
 * ShedLock's documented PostgreSQL DDL (TimerLock then has the lease alone) and on one TimerLock
 * created (its fire and token columns left alone by ShedLock, TimerLock asking for scheduled
 * fires): never two holders, and both sides get the lock.
 */
class ShedLockInteropTest {

  @ParameterizedTest(name = "table created by TimerLock: {0}")
  @ValueSource(booleans = {false, true})
  void shedLockAndTimerLockExcludeEachOther(boolean createdByTimerLock) throws Exception {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource shedPool = Pools.pool(db, 4);
        HikariDataSource timerPool = Pools.pool(db, 4)) {
      if (!createdByTimerLock) {
        Pools.exec(
            shedPool,
            "CREATE TABLE shedlock(name VARCHAR(64) NOT NULL, lock_until TIMESTAMP NOT NULL,"
                + " locked_at TIMESTAMP NOT NULL, locked_by VARCHAR(255) NOT NULL,"
                + " PRIMARY KEY (name))");
      }
      var shedLock = new net.javacrumbs.shedlock.provider.jdbc.JdbcLockProvider(shedPool);
      try (JdbcLockProvider timerLock =
          JdbcLockProvider.builder()
              .dataSource(timerPool)
              .createTable(createdByTimerLock)
              .build()) {
        SimpleLock first =
            timerLock.lock(LockConfiguration.of("warm-up", Duration.ofSeconds(5))).orElseThrow();
        if (createdByTimerLock) {
          assertThat(timerLock.features()).containsExactlyInAnyOrder(LockProvider.Feature.values());
          assertThat(first.fencingToken()).isPresent();
        } else {
          assertThat(timerLock.maxNameLength()).as("size of ShedLock's name column").isEqualTo(64);
          assertThat(timerLock.features()).as("a ShedLock table: the lease only").isEmpty();
          assertThat(first.fencingToken()).isEmpty();
        }
        first.unlock();
        AtomicLong fires = new AtomicLong();

        String name = Pools.unique("interop-");
        AtomicInteger holders = new AtomicInteger();
        AtomicInteger maxHolders = new AtomicInteger();
        AtomicInteger shedAcquired = new AtomicInteger();
        AtomicInteger timerAcquired = new AtomicInteger();
        AtomicInteger skips = new AtomicInteger();
        int[] counter = {0};
        Runnable critical =
            () -> {
              maxHolders.accumulateAndGet(holders.incrementAndGet(), Math::max);
              int read = counter[0];
              sleep(1);
              counter[0] = read + 1;
              holders.decrementAndGet();
            };
        ExecutorService threads = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          boolean useShedLock = t % 2 == 0;
          futures.add(
              threads.submit(
                  () -> {
                    start.await();
                    for (int i = 0; i < 60; i++) {
                      // Gaps where the name is free: ShedLock stamps its UPDATE with a time taken
                      // before sending it, so in a gapless race DB-time acquisitions always win.
                      sleep(i % 3);
                      if (useShedLock) {
                        Optional<net.javacrumbs.shedlock.core.SimpleLock> lock =
                            shedLock.lock(
                                new net.javacrumbs.shedlock.core.LockConfiguration(
                                    ClockProvider.now(),
                                    name,
                                    Duration.ofMinutes(5),
                                    Duration.ZERO));
                        if (lock.isEmpty()) {
                          skips.incrementAndGet();
                          continue;
                        }
                        shedAcquired.incrementAndGet();
                        critical.run();
                        lock.get().unlock();
                      } else {
                        // Each request for a fire of its own, later than every earlier one.
                        Optional<SimpleLock> lock =
                            timerLock.lock(
                                LockConfiguration.of(name, Duration.ofMinutes(5))
                                    .forFire(Instant.ofEpochMilli(fires.incrementAndGet())));
                        if (lock.isEmpty()) {
                          skips.incrementAndGet();
                          continue;
                        }
                        timerAcquired.incrementAndGet();
                        critical.run();
                        lock.get().unlock();
                      }
                    }
                    return null;
                  }));
        }
        start.countDown();
        try {
          for (Future<?> f : futures) {
            f.get(2, TimeUnit.MINUTES);
          }
        } finally {
          threads.shutdownNow();
        }
        assertThat(maxHolders.get()).as("holders at the same instant").isEqualTo(1);
        assertThat(counter[0]).isEqualTo(shedAcquired.get() + timerAcquired.get());
        assertThat(shedAcquired.get()).as("ShedLock acquisitions").isPositive();
        assertThat(timerAcquired.get()).as("TimerLock acquisitions").isPositive();
        assertThat(skips.get()).as("refusals: proof of contention").isPositive();

        // A lock held by one side is refused to the other, both ways.
        SimpleLock held = timerLock.lock(LockConfiguration.of(name, Duration.ofMinutes(5))).get();
        assertThat(
                shedLock.lock(
                    new net.javacrumbs.shedlock.core.LockConfiguration(
                        ClockProvider.now(), name, Duration.ofMinutes(5), Duration.ZERO)))
            .as("ShedLock refused while TimerLock holds")
            .isEmpty();
        held.unlock();
        var shedHeld =
            shedLock
                .lock(
                    new net.javacrumbs.shedlock.core.LockConfiguration(
                        ClockProvider.now(), name, Duration.ofMinutes(5), Duration.ZERO))
                .orElseThrow();
        assertThat(timerLock.lock(LockConfiguration.of(name, Duration.ofMinutes(5))))
            .as("TimerLock refused while ShedLock holds")
            .isEmpty();
        shedHeld.unlock();
      }
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
