package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPage;

/**
 * Lock admin ({@link LockProvider#admin()}): look-up, release of a lock another node holds, a paged
 * listing of many locks, pauses ({@link PauseContract}) and the run history ({@link
 * HistoryContract}, when the fixture starts a node that keeps one).
 */
public interface LockAdminContract extends PauseContract, HistoryContract {

  /** Page size of the listing scenarios. */
  int PAGE = 500;

  /**
   * How many locks the listing scenario takes and lists.
   *
   * @return 10,000 by default
   */
  default int listingSize() {
    return 10_000;
  }

  /**
   * Whether a page holds at most the limit asked for (JDBC, in memory); on Redis the limit is a
   * hint to SCAN.
   *
   * @return true by default
   */
  default boolean exactPageSize() {
    return true;
  }

  /**
   * Whether the store records when a lock was taken (Redis keeps only the expiry).
   *
   * @return true by default
   */
  default boolean recordsLockedAt() {
    return true;
  }

  /**
   * Whether the admin reads the store's clock ({@link LockAdmin#storeTime()}).
   *
   * @return true by default
   */
  default boolean readsStoreTime() {
    return true;
  }

  /**
   * How far the store's clock may be from this JVM's in the fixture: the store runs on the same
   * machine in TimerLock's own tests, and its clock is read with at least millisecond precision.
   *
   * @return one second by default
   */
  default Duration storeClockTolerance() {
    return Duration.ofSeconds(1);
  }

  /** Takes the locks from several threads: a round trip each, a minute in a row on MariaDB. */
  private void takeLocks(String prefix, int size) {
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      List<Future<SimpleLock>> taken = new ArrayList<>();
      for (int i = 0; i < size; i++) {
        LockConfiguration config = LockConfiguration.of(prefix + i, Duration.ofMinutes(10));
        taken.add(threads.submit(() -> provider().lock(config).orElseThrow()));
      }
      for (Future<SimpleLock> lock : taken) {
        lock.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while taking the locks", e);
    } catch (ExecutionException e) {
      throw new AssertionError("taking the locks failed", e.getCause());
    } finally {
      threads.shutdownNow();
    }
  }

  private LockAdmin admin() {
    return provider()
        .admin()
        .orElseThrow(() -> new AssertionError(provider() + " has no lock admin"));
  }

  /** A held lock is found with its owner and times; it turns free by the store's clock. */
  @Test
  default void findShowsAHeldLockUntilItExpires() {
    LockConfiguration config = lockFor("admin-find", Duration.ofMillis(800));
    SimpleLock lock = otherNode().lock(config).orElseThrow();
    Optional<LockInfo> found = admin().find(config.name());
    assertThat(found).as("the lock another node took").isPresent();
    LockInfo info = found.get();
    assertThat(info.name()).isEqualTo(config.name());
    assertThat(info.owner()).isNotBlank();
    assertThat(info.nodeId()).isNotBlank();
    assertThat(info.lockUntil()).as("lock until").isNotNull();
    if (recordsLockedAt()) {
      assertThat(Duration.between(info.lockedAt(), info.lockUntil()))
          .as("lock until - locked at of " + info)
          .isEqualTo(config.lockAtMostFor());
    }
    // Read again at once it may be held or, on a stalled machine, already expired: only wait.
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    // Redis forgets an expired lock; a table keeps its row.
    while (admin().find(config.name()).map(LockInfo::held).orElse(false)) {
      assertThat(System.nanoTime() - deadline).as("still held after 30 s: " + info).isNegative();
      Polling.sleep(Duration.ofMillis(50));
    }
    lock.unlock();
    assertThat(admin().find(uniqueName("admin-none"))).as("a name never locked").isEmpty();
  }

  /** A lock that another node holds is released at once; that node can no longer release it. */
  @Test
  default void releaseFreesALockAnotherNodeHolds() {
    LockConfiguration config = lockFor("admin-release", Duration.ofMinutes(10));
    SimpleLock stuck = otherNode().lock(config).orElseThrow();
    LockInfo before = admin().find(config.name()).orElseThrow();
    assertThat(before.held()).as("held before the release: " + before).isTrue();

    Optional<LockInfo> released = admin().release(config.name());
    assertThat(released.map(LockInfo::owner)).as("the owner released").contains(before.owner());
    Optional<SimpleLock> mine = provider().lock(config);
    assertThat(mine).as("free at once after the release").isPresent();
    LockInfo now = admin().find(config.name()).orElseThrow();
    assertThat(now.held()).isTrue();
    assertThat(now.owner()).isNotEqualTo(before.owner());

    stuck.unlock(); // the old holder comes back: it must not free the new holder's lock
    assertThat(otherNode().lock(config)).as("still held by the new holder").isEmpty();
    assertThat(admin().release(config.name(), before.owner()))
        .as("a release naming the old owner")
        .isFalse();
    mine.get().unlock();
    assertThat(admin().release(config.name())).as("a lock that is not held").isEmpty();
  }

  /**
   * A look-up and the listing show the fencing token of the latest acquisition, which grows with
   * each acquisition, whichever node takes it, and stays once the lock is free; a store without
   * tokens shows none.
   */
  @Test
  default void findShowsTheFencingTokenOfTheLatestAcquisition() {
    LockConfiguration config = lockFor("admin-token", Duration.ofMinutes(10));
    if (!expectedFeatures().contains(LockProvider.Feature.FENCING_TOKENS)) {
      SimpleLock lock = provider().lock(config).orElseThrow();
      assertThat(admin().find(config.name()).orElseThrow().fencingToken()).isNull();
      lock.unlock();
      return;
    }
    long previous = Long.MIN_VALUE;
    for (int i = 0; i < 4; i++) {
      SimpleLock lock = (i % 2 == 0 ? provider() : otherNode()).lock(config).orElseThrow();
      long token = lock.fencingToken().orElseThrow();
      LockInfo held = admin().find(config.name()).orElseThrow();
      assertThat(held.fencingToken()).as("token of acquisition #%d: %s", i, held).isEqualTo(token);
      assertThat(token).as("token of acquisition #%d", i).isGreaterThan(previous);
      assertThat(admin().stream(PAGE).filter(info -> info.name().equals(config.name())))
          .as("the listing")
          .singleElement()
          .extracting(LockInfo::fencingToken)
          .isEqualTo(token);
      lock.unlock();
      assertThat(admin().find(config.name()).map(LockInfo::fencingToken))
          .as("free again after acquisition #%d", i)
          .contains(token);
      previous = token;
    }
  }

  /**
   * The store's time is its clock: read between two readings of this JVM's clock, it lies between
   * them, give or take the fixture's tolerance. Reading it writes nothing, so it can be repeated.
   */
  @Test
  default void storeTimeIsTheStoresClockNow() {
    Instant before = Instant.now();
    Optional<Instant> first = admin().storeTime();
    Optional<Instant> second = admin().storeTime();
    Instant after = Instant.now();
    if (!readsStoreTime()) {
      assertThat(first).as("a store whose fixture says it cannot tell its time").isEmpty();
      return;
    }
    Duration tolerance = storeClockTolerance();
    assertThat(first).as("the store's time").isPresent();
    assertThat(first.get()).isBetween(before.minus(tolerance), after.plus(tolerance));
    assertThat(second.orElseThrow()).as("read again").isAfterOrEqualTo(first.get());
  }

  /** A release keeps the fire guard: the fire that the stuck holder ran is still refused. */
  @Test
  default void releaseKeepsTheLatestFire() {
    assumeTrue(expectedFeatures().contains(LockProvider.Feature.FIRE_GUARD));
    Instant fire = Instant.parse("2030-01-01T00:00:00Z");
    LockConfiguration config = lockFor("admin-fire", Duration.ofMinutes(10)).forFire(fire);
    otherNode().lock(config).orElseThrow();
    assertThat(admin().release(config.name())).isPresent();
    assertThat(provider().tryLock(config).outcome()).isEqualTo(LockAttempt.Outcome.ALREADY_RAN);
    SimpleLock next = provider().lock(config.forFire(fire.plusSeconds(60))).orElseThrow();
    next.unlock();
  }

  /** Every lock is listed, page by page, each page read on its own. */
  @Test
  default void listsManyLocksPageByPage() {
    String prefix = uniqueName("admin-list") + "-";
    int size = listingSize();
    takeLocks(prefix, size);
    Set<String> seen = new HashSet<>();
    int pages = 0;
    String cursor = null;
    do {
      LockPage page = admin().list(cursor, PAGE);
      pages++;
      if (exactPageSize()) {
        assertThat(page.locks()).as("page " + pages).hasSizeLessThanOrEqualTo(PAGE);
      }
      for (LockInfo lock : page.locks()) {
        if (lock.name().startsWith(prefix)) {
          assertThat(lock.held()).as(lock.toString()).isTrue();
          seen.add(lock.name());
        }
      }
      cursor = page.nextCursor();
    } while (cursor != null);
    assertThat(seen).as("locks listed").hasSize(size);
    assertThat(pages).as("pages").isGreaterThanOrEqualTo(exactPageSize() ? size / PAGE : 2);
    assertThat(admin().stream(PAGE).filter(l -> l.name().startsWith(prefix)).count())
        .as("locks streamed")
        .isEqualTo(size);
    assertThatThrownBy(() -> admin().list(null, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * A limit above {@link LockAdmin#MAX_PAGE_SIZE} is taken as that maximum: with more locks than
   * two pages of it, the largest limit returns one bounded page and a cursor, not every lock (on
   * Redis a page may hold a few more than the limit, never another maximum's worth).
   */
  @Test
  default void aLimitAboveTheMaximumReturnsOneBoundedPage() {
    String prefix = uniqueName("admin-bound") + "-";
    takeLocks(prefix, 2 * LockAdmin.MAX_PAGE_SIZE + 1);
    LockPage page = admin().list(null, Integer.MAX_VALUE);
    assertThat(page.locks())
        .as("a page asked for with the largest limit")
        .hasSizeLessThanOrEqualTo(
            exactPageSize() ? LockAdmin.MAX_PAGE_SIZE : 2 * LockAdmin.MAX_PAGE_SIZE);
    assertThat(page.nextCursor()).as("the cursor of the next page").isNotNull();
  }
}
