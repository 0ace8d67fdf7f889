package org.timerlock.cdi.admin;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockReleasedByAdmin;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;

/**
 * The injectable {@link LockAdmin}: it sees the application's provider, and a release of a lock
 * another node holds frees it and is announced with a {@link LockReleasedByAdmin} event.
 */
@TimerLockTest(config = "timerlock.node-id=operator-node")
class LockAdminBeanTest {

  @ApplicationScoped
  static class Releases {
    private final List<LockReleasedByAdmin> seen = new CopyOnWriteArrayList<>();

    void record(@Observes LockReleasedByAdmin release) {
      seen.add(release);
    }

    List<LockReleasedByAdmin> seen() {
      return List.copyOf(seen);
    }
  }

  @Test
  @TimerLockTest(beans = {SharedStore.class, Releases.class})
  void releasesALockAnotherNodeHoldsAndSaysSo(LockAdmin admin, Releases releases) {
    SimpleLock stuck = SharedStore.otherNodeTakes("admin-bean-stuck");

    LockInfo held = admin.find("admin-bean-stuck").orElseThrow();
    assertThat(held.held()).isTrue();
    assertThat(admin.stream(10).map(LockInfo::name)).contains("admin-bean-stuck");

    assertThat(admin.release("admin-bean-stuck")).map(LockInfo::owner).contains(held.owner());
    assertThat(SharedStore.otherNodeCouldTake("admin-bean-stuck")).isTrue();
    List<LockReleasedByAdmin> seen = releases.seen();
    assertThat(seen).hasSize(1);
    assertThat(seen.get(0).lockName()).isEqualTo("admin-bean-stuck");
    assertThat(seen.get(0).owner()).isEqualTo(held.owner());
    assertThat(seen.get(0).releasedBy()).isEqualTo("operator-node");

    stuck.unlock();
    assertThat(admin.release("admin-bean-stuck")).as("nothing left to release").isEmpty();
    assertThat(releases.seen()).hasSize(1);
  }
}
