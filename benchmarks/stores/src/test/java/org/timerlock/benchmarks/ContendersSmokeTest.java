package org.timerlock.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.timerlock.teststores.StoreKind;

/**
 * Every benchmark's set-up against the real stores, once, without measuring anything: a free lock
 * is taken and released, a held one is refused, and the two libraries see each other's locks. Uses
 * a table and key prefix of its own, so it never disturbs a running benchmark.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ContendersSmokeTest {

  private static final Stores.Namespace SMOKE =
      new Stores.Namespace("bench_smoke_lock", "bench-smoke");

  static Stream<Arguments> cases() {
    return Stream.concat(Stream.of(Contenders.IN_MEMORY), stores().map(StoreKind::id))
        .flatMap(
            backend -> Stream.of(Library.values()).map(library -> Arguments.of(backend, library)));
  }

  @ParameterizedTest(name = "{1} on {0}")
  @MethodSource("cases")
  void aFreeLockRunsAndAHeldOneIsRefused(String backend, Library library) {
    Contenders.store(backend).ifPresent(store -> Stores.prepare(store, SMOKE));
    try (Contender node = Contenders.open(backend, library, SMOKE, "smoke-a");
        Contender other = Contenders.open(backend, library, SMOKE, "smoke-b")) {
      Contender.Job run = node.job("smoke-run-" + library.id());
      assertThat(run.run()).as("first run").isTrue();
      assertThat(run.run()).as("run right after the release").isTrue();

      String heldName = "smoke-held-" + library.id();
      Contender.Held held = other.hold(heldName);
      Contender.Job refused = node.job(heldName);
      assertThat(refused.run()).as("run while another node holds the name").isFalse();
      held.release();
      assertThat(refused.run()).as("run after the other node released").isTrue();
    }
  }

  @ParameterizedTest(name = "ShedLock and TimerLock exclude each other on {0}")
  @MethodSource("stores")
  void theLibrariesShareTheStoreLayout(StoreKind store) {
    Stores.prepare(store, SMOKE);
    try (Contender timerLock = Contenders.open(store, Library.TIMERLOCK, SMOKE, "smoke-t");
        Contender shedLock = Contenders.open(store, Library.SHEDLOCK, SMOKE, "smoke-s")) {
      Contender.Held held = shedLock.hold("smoke-shared");
      assertThat(timerLock.job("smoke-shared").run()).isFalse();
      held.release();
      held = timerLock.hold("smoke-shared");
      assertThat(shedLock.job("smoke-shared").run()).isFalse();
      held.release();
    }
  }

  static Stream<StoreKind> stores() {
    return Stream.of(StoreKind.values());
  }
}
