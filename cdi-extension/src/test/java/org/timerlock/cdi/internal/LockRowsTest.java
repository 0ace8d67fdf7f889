package org.timerlock.cdi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPage;

/**
 * The watch's one read of the store finds the last fire of a free lock even where the listing shows
 * held locks only, as Redis's does (a free lock is no key there; its fire lives in the state hash
 * that a look-up by name reads).
 */
class LockRowsTest {

  private static final Instant FIRE = Instant.parse("2030-01-01T02:00:00Z");

  @Test
  void aFreeLockTheListingLeavesOutIsLookedUpByName() {
    InMemoryLockProvider store = new InMemoryLockProvider();
    store
        .lock(LockConfiguration.of("nightly", Duration.ofMinutes(5)).forFire(FIRE))
        .orElseThrow()
        .unlock();
    LockAdmin heldOnly = new HeldLocksOnly(store.admin().orElseThrow());
    assertThat(heldOnly.list(null, 10).locks()).as("the listing shows no free lock").isEmpty();

    LockRows rows = LockRows.read(heldOnly, List.of(watched("nightly"), watched("never-ran")));

    assertThat(rows.byName()).containsOnlyKeys("nightly");
    assertThat(rows.byName().get("nightly").lastFire()).isEqualTo(FIRE);
  }

  private static WatchedLock watched(String name) {
    Duration minute = Duration.ofMinutes(1);
    return new WatchedLock(
        LockConfiguration.of(name, minute),
        null,
        "test",
        FireSchedule.fixedRate(minute),
        Duration.ofSeconds(30),
        true);
  }

  /** A store whose listing holds the locks held now only. */
  private record HeldLocksOnly(LockAdmin store) implements LockAdmin {
    @Override
    public LockPage list(String cursor, int limit) {
      LockPage page = store.list(cursor, limit);
      return new LockPage(page.locks().stream().filter(LockInfo::held).toList(), page.nextCursor());
    }

    @Override
    public Optional<LockInfo> find(String name) {
      return store.find(name);
    }

    @Override
    public boolean release(String name, String owner) {
      return store.release(name, owner);
    }
  }
}
