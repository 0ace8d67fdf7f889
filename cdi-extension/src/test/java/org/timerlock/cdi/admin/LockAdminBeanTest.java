package org.timerlock.cdi.admin;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import java.security.Principal;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockReleasedByAdmin;
import org.timerlock.cdi.support.LoggedLines;
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
    assertThat(seen.get(0).releasedByUser()).as("no caller identity in this container").isEmpty();

    stuck.unlock();
    assertThat(admin.release("admin-bean-stuck")).as("nothing left to release").isEmpty();
    assertThat(releases.seen()).hasSize(1);
  }

  /** The container's caller identity, as a server gives it to a request or EJB call. */
  @ApplicationScoped
  static class CallerIdentity {
    static volatile String caller = "alice";

    @Produces
    @RequestScoped
    Principal principal() {
      if (caller == null) {
        // What a server's identity does on a thread with no security context.
        throw new IllegalStateException("no security context on this thread");
      }
      return () -> caller;
    }
  }

  @Test
  @TimerLockTest(beans = {SharedStore.class, Releases.class, CallerIdentity.class})
  void aReleaseNamesTheCallerWhenTheContainerKnowsOne(
      LockAdmin admin, Releases releases, RequestContextController requests) {
    CallerIdentity.caller = "alice";
    SimpleLock stuck = SharedStore.otherNodeTakes("admin-bean-audited");
    List<String> warnings;
    try (LoggedLines log = new LoggedLines(LockAdmin.class.getName())) {
      requests.activate();
      try {
        assertThat(admin.release("admin-bean-audited")).isPresent();
      } finally {
        requests.deactivate();
      }
      warnings = log.warnings();
    }
    System.out.println("Release audit: " + releases.seen() + " / " + warnings);
    assertThat(releases.seen())
        .singleElement()
        .satisfies(
            release -> {
              assertThat(release.releasedByUser()).contains("alice");
              assertThat(release.releasedBy()).isEqualTo("operator-node");
            });
    assertThat(warnings)
        .singleElement()
        .asString()
        .startsWith("TIMERLOCK-220")
        .contains("by an operator (caller alice) on node operator-node");
    stuck.unlock();
  }

  @Test
  @TimerLockTest(beans = {SharedStore.class, Releases.class, CallerIdentity.class})
  void aReleaseWithoutASecurityContextStillWorksWithoutACaller(LockAdmin admin, Releases releases) {
    CallerIdentity.caller = null;
    SimpleLock stuck = SharedStore.otherNodeTakes("admin-bean-no-caller");
    try {
      assertThat(admin.release("admin-bean-no-caller")).isPresent();
    } finally {
      CallerIdentity.caller = "alice";
    }
    assertThat(releases.seen())
        .singleElement()
        .satisfies(release -> assertThat(release.releasedByUser()).isEmpty());
    stuck.unlock();
  }

  @Test
  void theFourPartConstructorStaysAndHasNoCaller() {
    LockReleasedByAdmin release =
        new LockReleasedByAdmin("n", "node-a:1/x", "node-b", java.time.Instant.EPOCH);
    assertThat(release.releasedByUser()).isEmpty();
  }
}
