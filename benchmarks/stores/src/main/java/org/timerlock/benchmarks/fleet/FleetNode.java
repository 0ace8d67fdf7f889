package org.timerlock.benchmarks.fleet;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import net.javacrumbs.shedlock.core.ClockProvider;
import org.timerlock.benchmarks.Library;
import org.timerlock.benchmarks.Providers;
import org.timerlock.benchmarks.Stores;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.StoreKind;

/**
 * One node of the fleet: its own provider over its own single-connection pool or client, driven at
 * the provider level so that the benchmark can time the acquire attempt alone.
 */
interface FleetNode extends AutoCloseable {

  /** lockAtMostFor of every fleet lock: longer than a whole run. */
  Duration LOCK_AT_MOST_FOR = Duration.ofMinutes(30);

  /**
   * Tries the lock for one fire.
   *
   * @param name the lock name
   * @param fire the fire's scheduled instant (TimerLock passes it to the store when its requests
   *     carry the fire; ShedLock has no such notion)
   * @return what releases the lock when this node won, empty when refused
   */
  Optional<Runnable> tryLock(String name, Instant fire);

  @Override
  void close();

  /**
   * A new node. Each node has one connection: a fleet node runs one job at a time here, and twenty
   * nodes of four connections would crowd a shared server.
   *
   * @param store where it locks
   * @param library which library
   * @param space the table and key prefix of that library
   * @param nodeName names its pool and its owner values
   * @param request whether TimerLock's requests carry the fire; ShedLock's never do
   * @return the node; close it after
   */
  static FleetNode open(
      StoreKind store,
      Library library,
      Stores.Namespace space,
      String nodeName,
      FleetBenchmark.Request request) {
    return library == Library.TIMERLOCK
        ? timerLock(store, space, nodeName, request == FleetBenchmark.Request.FIRE)
        : shedLock(store, space, nodeName);
  }

  private static FleetNode timerLock(
      StoreKind store, Stores.Namespace space, String nodeName, boolean withFire) {
    // TimerLock creates its own table, with the fire and token columns the fire guard needs.
    Providers.Opened<LockProvider> opened = Providers.timerLock(store, space, nodeName, 1, true);
    LockProvider provider = opened.provider();
    Runnable closer = opened.closer();
    return new FleetNode() {
      @Override
      public Optional<Runnable> tryLock(String name, Instant fire) {
        LockConfiguration plain = LockConfiguration.of(name, LOCK_AT_MOST_FOR);
        Optional<SimpleLock> lock = provider.lock(withFire ? plain.forFire(fire) : plain);
        return lock.map(held -> held::unlock);
      }

      @Override
      public void close() {
        closer.run();
      }
    };
  }

  private static FleetNode shedLock(StoreKind store, Stores.Namespace space, String nodeName) {
    Providers.Opened<net.javacrumbs.shedlock.core.LockProvider> opened =
        Providers.shedLock(store, space, nodeName, 1);
    net.javacrumbs.shedlock.core.LockProvider provider = opened.provider();
    Runnable closer = opened.closer();
    return new FleetNode() {
      @Override
      public Optional<Runnable> tryLock(String name, Instant fire) {
        // ShedLock's configuration carries its creation instant, and it knows no fire instant:
        // lockAtLeastFor zero, as the other benchmarks configure it.
        var lock =
            provider.lock(
                new net.javacrumbs.shedlock.core.LockConfiguration(
                    ClockProvider.now(), name, LOCK_AT_MOST_FOR, Duration.ZERO));
        return lock.map(held -> held::unlock);
      }

      @Override
      public void close() {
        closer.run();
      }
    };
  }
}
