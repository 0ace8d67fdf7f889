package org.timerlock.cdi;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import org.timerlock.cdi.internal.JobRegistry;
import org.timerlock.cdi.internal.RunNow;

/**
 * The jobs of this deployment, for an operator's tool: every lock it knows, and a way to run one of
 * them at once on this node.
 *
 * <pre>{@code
 * @Inject LockedJobs jobs;
 *
 * for (LockedJob job : jobs.jobs()) {
 *   show(job.name(), job.schedule(), job.nextSlot(Instant.now()));
 * }
 * RunNowResult result = jobs.runNow("nightly-report", "alice");
 * }</pre>
 *
 * The store's state of each lock (held, by which node, paused, its last run) is read through the
 * injectable {@link org.timerlock.core.admin.LockAdmin}.
 */
@ApplicationScoped
public class LockedJobs {

  private final JobRegistry registry;
  private final RunNow runNow;

  /** For the container's client proxy only. */
  protected LockedJobs() {
    this.registry = null;
    this.runNow = null;
  }

  @Inject
  LockedJobs(JobRegistry registry, RunNow runNow) {
    this.registry = registry;
    this.runNow = runNow;
  }

  /**
   * Every lock this deployment knows: the {@link SchedulerLock} methods found at deployment and the
   * schedules {@link LockedTasks} registered since, sorted by lock name. A name shared by several
   * methods is one job, shown by the first method found.
   *
   * @return the jobs
   */
  public List<LockedJob> jobs() {
    return registry.jobs();
  }

  /**
   * One job.
   *
   * @param name the lock name
   * @return the job, or empty when this deployment knows no job of that name
   */
  public Optional<LockedJob> job(String name) {
    return registry.job(name);
  }

  /**
   * Runs a job at once on this node, under its lock, as a manual run: it names no fire, so it never
   * consumes a scheduled slot, and the store records it as manual. The job runs on the server's
   * managed executor; this method returns once the lock is taken or refused (waiting a few seconds
   * at most), not when the job ends. The request is logged as a WARNING naming {@code by} and
   * published as a {@link LockEvent.Kind#RUN_NOW} event.
   *
   * <p>Runnable are the tasks scheduled through {@link LockedTasks} and the locked methods that are
   * public, take no parameters and are not asynchronous: such a method is called through its bean,
   * so its interceptors (transactions included) apply. Anything else is refused with a reason.
   *
   * @param name the lock name
   * @param by who asks, as the operator's tool names them (escaped when logged)
   * @return what happened: {@link RunNowResult.Outcome#STARTED}, or why the job did not start
   * @throws IllegalArgumentException when {@code by} is null or blank
   */
  public RunNowResult runNow(String name, String by) {
    return runNow.run(name, by);
  }
}
