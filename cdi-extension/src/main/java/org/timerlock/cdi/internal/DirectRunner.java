package org.timerlock.cdi.internal;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.spi.CreationalContext;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.timerlock.cdi.internal.DirectRun.Decision;

/**
 * Starts the runs TimerLock makes by itself, run now and catch-up, on the server's default managed
 * executor ({@value #DEFAULT_EXECUTOR}; a thread of TimerLock's own where there is none), and waits
 * a bounded time for their lock decision. A locked method is called through its bean, so that the
 * interceptor takes the lock as for any call; a task of {@code LockedTasks} runs through the lock
 * runtime.
 */
@ApplicationScoped
public class DirectRunner {

  /** How long a caller waits at most for the lock decision of a run it started. */
  static final Duration DECISION_WAIT = Duration.ofSeconds(10);

  private static final String DEFAULT_EXECUTOR = "java:comp/DefaultManagedExecutorService";

  private final JobRegistry jobs;
  private final LockRuntime runtime;
  private final BeanManager beanManager;
  private volatile Executor executor;

  /** For the container's client proxy only. */
  protected DirectRunner() {
    this.jobs = null;
    this.runtime = null;
    this.beanManager = null;
  }

  @Inject
  DirectRunner(JobRegistry jobs, LockRuntime runtime, BeanManager beanManager) {
    this.jobs = jobs;
    this.runtime = runtime;
    this.beanManager = beanManager;
  }

  /**
   * Starts a run of a runnable job on the managed executor and waits for its lock decision.
   *
   * @param run the run
   * @return the decision, or null when it was not known within {@link #DECISION_WAIT}
   * @throws IllegalStateException when the executor refuses the run (the application is stopping)
   */
  Decision start(DirectRun run) throws InterruptedException {
    launch(run);
    return run.await(DECISION_WAIT);
  }

  /**
   * Starts a run of a runnable job on the managed executor, without waiting.
   *
   * @param run the run
   * @return its lock decision, once known
   * @throws java.util.concurrent.RejectedExecutionException when the executor refuses the run
   */
  CompletionStage<Decision> launch(DirectRun run) {
    DirectRun.ThrowingRunnable job = job(run);
    executor().execute(() -> run.runHere(job));
    return run.decision();
  }

  private DirectRun.ThrowingRunnable job(DirectRun run) {
    Optional<LockCandidate> method = jobs.method(run.name());
    if (method.isPresent()) {
      LockCandidate candidate = method.get();
      return () -> callThroughBean(candidate);
    }
    JobRegistry.ScheduledTask task =
        jobs.task(run.name())
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "no job '" + run.name() + "' to run")); // checked by the callers before
    ResolvedLock lock = jobs.lockOf(task);
    // Claimed at once: a locked call the task makes is the task's own, not this run.
    return () -> runtime.runDirect(lock, DirectRun.claim(run.name()), task.task());
  }

  /** Calls the method through a contextual reference of its bean: the interceptor applies. */
  private void callThroughBean(LockCandidate candidate) throws Throwable {
    Class<?> beanClass = candidate.beanClass();
    Set<Bean<?>> beans = beanManager.getBeans(beanClass, Any.Literal.INSTANCE);
    Bean<?> bean =
        beans.stream()
            .filter(b -> b.getBeanClass().equals(beanClass))
            .findFirst()
            .orElseGet(() -> beans.isEmpty() ? null : beanManager.resolve(beans));
    if (bean == null) {
      throw new IllegalStateException(
          CdiMessage.RUN_NO_BEAN.text(
              "TimerLock found no bean of "
                  + beanClass.getName()
                  + " to call "
                  + candidate.where()));
    }
    CreationalContext<?> context = beanManager.createCreationalContext(bean);
    try {
      Object reference = beanManager.getReference(bean, beanClass, context);
      Method method = candidate.method();
      method.invoke(reference);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    } finally {
      context.release();
    }
  }

  private Executor executor() {
    Executor found = executor;
    if (found == null) {
      found = managedExecutor();
      executor = found;
    }
    return found;
  }

  /** The server's default managed executor, else one new daemon thread per run (Java SE). */
  private static Executor managedExecutor() {
    try {
      Object found = new InitialContext().lookup(DEFAULT_EXECUTOR);
      if (found instanceof Executor managed) {
        return managed;
      }
    } catch (NamingException | RuntimeException | LinkageError e) {
      // No naming or no managed executor: not in a Jakarta EE server.
    }
    return command -> {
      Thread thread = new Thread(command, "timerlock-run");
      thread.setDaemon(true);
      thread.start();
    };
  }
}
