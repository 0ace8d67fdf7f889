package org.timerlock.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.timerlock.teststores.StoreKind;

/**
 * TimerLock and ShedLock side by side: the same store, the same pool, the same empty job, driven by
 * each library's own executor.
 *
 * <ul>
 *   <li>{@link #lockedRun}: one execution of a job whose lock is free: acquire, run, release.
 *   <li>{@link #refusedAcquire}: one execution of a job whose lock another node holds: skipped.
 *   <li>{@link #contendedRun}: two threads, each its own node with its own pool, running the same
 *       job back to back; every call either runs or is skipped.
 * </ul>
 *
 * <p>Each fork runs one library on one store, against a lock table dropped and created (or Redis
 * keys deleted) at the start of the trial.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class LockBenchmarks {

  static final String RUN_NAME = "bench-run";
  static final String HELD_NAME = "bench-held";
  static final String CONTENDED_NAME = "bench-contended";

  /** The node measured, and another node of the same library holding {@link #HELD_NAME}. */
  @State(Scope.Benchmark)
  public static class Nodes {
    /**
     * The store, see {@link StoreKind#id()}, or {@link Contenders#IN_MEMORY}; named so that JMH
     * runs both libraries on it back to back.
     */
    @Param({"in-memory", "postgres", "mariadb", "redis"})
    public String backend;

    /** The library, see {@link Library#id()}. */
    @Param({"timerlock", "shedlock"})
    public String library;

    Contender node;
    Contender otherNode;
    Contender.Held held;
    Contender.Job run;
    Contender.Job refused;

    /** Prepares the store, opens both nodes and lets the other one take {@link #HELD_NAME}. */
    @Setup(Level.Trial)
    public void open() {
      Library l = Library.of(library);
      Contenders.store(backend).ifPresent(s -> Stores.prepare(s, Stores.Namespace.BENCHMARK));
      node = Contenders.open(backend, l, Stores.Namespace.BENCHMARK, "bench-node-a");
      otherNode = Contenders.open(backend, l, Stores.Namespace.BENCHMARK, "bench-node-b");
      held = otherNode.hold(HELD_NAME);
      run = node.job(RUN_NAME);
      refused = node.job(HELD_NAME);
    }

    /** Releases the held lock and closes both nodes. */
    @TearDown(Level.Trial)
    public void close() {
      held.release();
      node.close();
      otherNode.close();
    }
  }

  /** A node per benchmark thread, for the contended case. */
  @State(Scope.Thread)
  public static class ThreadNode {
    Contender node;
    Contender.Job job;

    /**
     * Opens this thread's node; the store was prepared by {@link Nodes#open()}.
     *
     * @param nodes the shared state, for its parameters
     */
    @Setup(Level.Trial)
    public void open(Nodes nodes) {
      node =
          Contenders.open(
              nodes.backend,
              Library.of(nodes.library),
              Stores.Namespace.BENCHMARK,
              "bench-" + Thread.currentThread().getName());
      job = node.job(CONTENDED_NAME);
    }

    /** Closes this thread's node. */
    @TearDown(Level.Trial)
    public void close() {
      node.close();
    }
  }

  /** How the contended calls ended, reported by JMH next to the primary result. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Outcomes {
    /** Calls whose task ran. */
    public long ran;

    /** Calls skipped because the other thread held the lock. */
    public long skipped;

    /** Zeroes the counters before each iteration. */
    @Setup(Level.Iteration)
    public void reset() {
      ran = 0;
      skipped = 0;
    }
  }

  /**
   * Acquire, empty task, release.
   *
   * @param nodes the nodes
   * @return true
   */
  @Benchmark
  public boolean lockedRun(Nodes nodes) {
    if (!nodes.run.run()) {
      throw new IllegalStateException("The free lock was not acquired: the measurement is invalid");
    }
    return true;
  }

  /**
   * An acquire refused because another node holds the name.
   *
   * @param nodes the nodes
   * @return false
   */
  @Benchmark
  public boolean refusedAcquire(Nodes nodes) {
    if (nodes.refused.run()) {
      throw new IllegalStateException("A held lock was acquired: the measurement is invalid");
    }
    return false;
  }

  /**
   * Two threads, two nodes, one name.
   *
   * @param nodes the shared state, which prepared the store
   * @param node this thread's node
   * @param outcomes counts runs and skips
   * @return whether the task ran
   */
  @Benchmark
  @Threads(2)
  public boolean contendedRun(Nodes nodes, ThreadNode node, Outcomes outcomes) {
    boolean ran = node.job.run();
    if (ran) {
      outcomes.ran++;
    } else {
      outcomes.skipped++;
    }
    return ran;
  }
}
