package org.timerlock.benchmarks;

import java.time.Duration;
import java.util.Optional;
import net.javacrumbs.shedlock.core.ClockProvider;
import org.timerlock.core.DefaultLockingTaskExecutor;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.StoreKind;

/** Builds a {@link Contender} for a library on a store, configured as each library recommends. */
public final class Contenders {

  /** lockAtMostFor of every benchmark lock: far longer than any measurement. */
  static final Duration LOCK_AT_MOST_FOR = Duration.ofMinutes(30);

  /**
   * The backend without a store: each library's executor over a provider that keeps locks in a map
   * of the JVM, shared by the nodes.
   */
  public static final String IN_MEMORY = "in-memory";

  private Contenders() {}

  /**
   * The store a backend name stands for.
   *
   * @param backend {@link #IN_MEMORY} or a store's {@link StoreKind#id()}, as in JMH parameters
   * @return the store; empty for {@link #IN_MEMORY}
   */
  public static Optional<StoreKind> store(String backend) {
    return backend.equals(IN_MEMORY) ? Optional.empty() : Optional.of(StoreKind.of(backend));
  }

  /**
   * A new node on a backend named as in JMH parameters.
   *
   * @param backend {@link #IN_MEMORY} or a store's {@link StoreKind#id()}
   * @param library which library
   * @param namespace the table and key prefix
   * @param nodeName names its pool and its owner values
   * @return the node; close it after
   */
  public static Contender open(
      String backend, Library library, Stores.Namespace namespace, String nodeName) {
    return store(backend)
        .map(store -> open(store, library, namespace, nodeName))
        .orElseGet(
            () ->
                library == Library.TIMERLOCK
                    ? new TimerLockContender(SHARED_IN_MEMORY, () -> {})
                    : new ShedLockContender(SHARED_MAP_PROVIDER, () -> {}));
  }

  /**
   * A new node.
   *
   * @param store where it locks
   * @param library which library
   * @param namespace the table and key prefix
   * @param nodeName names its pool and its owner values
   * @return the node; close it after
   */
  public static Contender open(
      StoreKind store, Library library, Stores.Namespace namespace, String nodeName) {
    return library == Library.TIMERLOCK
        ? timerLock(store, namespace, nodeName)
        : shedLock(store, namespace, nodeName);
  }

  private static Contender timerLock(StoreKind store, Stores.Namespace namespace, String nodeName) {
    Providers.Opened<LockProvider> opened =
        Providers.timerLock(store, namespace, nodeName, Stores.POOL_SIZE, false);
    return new TimerLockContender(opened.provider(), opened.closer());
  }

  private static Contender shedLock(StoreKind store, Stores.Namespace namespace, String nodeName) {
    Providers.Opened<net.javacrumbs.shedlock.core.LockProvider> opened =
        Providers.shedLock(store, namespace, nodeName, Stores.POOL_SIZE);
    return new ShedLockContender(opened.provider(), opened.closer());
  }

  /** In-memory locks exist once per JVM, as the other "node" must see them. */
  private static final InMemoryLockProvider SHARED_IN_MEMORY = new InMemoryLockProvider();

  private static final MapShedLockProvider SHARED_MAP_PROVIDER = new MapShedLockProvider();

  private static final class TimerLockContender implements Contender {
    private final LockProvider provider;
    private final Runnable closer;
    private final DefaultLockingTaskExecutor executor;

    TimerLockContender(LockProvider provider, Runnable closer) {
      this.provider = provider;
      this.closer = closer;
      this.executor = new DefaultLockingTaskExecutor(provider);
    }

    @Override
    public Job job(String name) {
      // Resolved once, as the CDI extension does at deployment.
      LockConfiguration configuration = LockConfiguration.of(name, LOCK_AT_MOST_FOR);
      EmptyTask task = new EmptyTask();
      return () -> {
        long before = task.runs;
        executor.executeWithLock(task, configuration);
        return task.runs != before;
      };
    }

    @Override
    public Held hold(String name) {
      Optional<SimpleLock> lock = provider.lock(LockConfiguration.of(name, LOCK_AT_MOST_FOR));
      SimpleLock held = lock.orElseThrow(() -> new IllegalStateException(name + " is held"));
      return held::unlock;
    }

    @Override
    public void close() {
      closer.run();
    }
  }

  private static final class ShedLockContender implements Contender {
    private final net.javacrumbs.shedlock.core.LockProvider provider;
    private final Runnable closer;
    private final net.javacrumbs.shedlock.core.DefaultLockingTaskExecutor executor;

    ShedLockContender(net.javacrumbs.shedlock.core.LockProvider provider, Runnable closer) {
      this.provider = provider;
      this.closer = closer;
      this.executor = new net.javacrumbs.shedlock.core.DefaultLockingTaskExecutor(provider);
    }

    @Override
    public Job job(String name) {
      EmptyTask task = new EmptyTask();
      return () -> {
        long before = task.runs;
        // ShedLock's configuration carries its creation instant: a new one per execution, as
        // ShedLock's own scheduler integration builds it.
        executor.executeWithLock(task, configuration(name));
        return task.runs != before;
      };
    }

    @Override
    public Held hold(String name) {
      var lock =
          provider
              .lock(configuration(name))
              .orElseThrow(() -> new IllegalStateException(name + " is held"));
      return lock::unlock;
    }

    private static net.javacrumbs.shedlock.core.LockConfiguration configuration(String name) {
      return new net.javacrumbs.shedlock.core.LockConfiguration(
          ClockProvider.now(), name, LOCK_AT_MOST_FOR, Duration.ZERO);
    }

    @Override
    public void close() {
      closer.run();
    }
  }

  /** The job's body: nothing but a count, so that the benchmark can tell a run from a skip. */
  private static final class EmptyTask implements Runnable {
    long runs;

    @Override
    public void run() {
      runs++;
    }
  }
}
