package org.timerlock.benchmarks;

/**
 * One node of one library on one store: an executor over a provider, with its own connection pool.
 * Both libraries are driven through this same narrow interface, so the benchmark code around them
 * is identical.
 */
public interface Contender extends AutoCloseable {

  /**
   * A scheduled job as the library runs it: the lock settings prepared once, an empty task.
   *
   * @param name the lock name
   * @return the job
   */
  Job job(String name);

  /**
   * Takes a lock through the provider directly, as another node would, and keeps it.
   *
   * @param name the lock name
   * @return what releases it
   * @throws IllegalStateException when the lock could not be taken
   */
  Held hold(String name);

  /** Releases the node's pool or client. */
  @Override
  void close();

  /** A job bound to one lock name. */
  interface Job {
    /**
     * One execution: acquire, run the empty task, release; or skip when the name is held.
     *
     * @return whether the task ran
     */
    boolean run();
  }

  /** A lock held outside any executor. */
  interface Held {
    /** Releases the lock. */
    void release();
  }
}
