package org.timerlock.cdi.internal;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.AroundTimeout;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import org.timerlock.cdi.SchedulerLock;

/**
 * Runs {@code @SchedulerLock} methods under their lock: EJB timeout callbacks through {@code
 * AroundTimeout}, every other call through {@code AroundInvoke}. Its priority puts it outside
 * {@code @Transactional} (so the lock is held for the whole transaction, commit included) and
 * inside {@code @Asynchronous} (so each asynchronous or scheduled run takes the lock on the thread
 * that runs it).
 */
@SchedulerLock
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class SchedulerLockInterceptor {

  private final LockRuntime runtime;

  /**
   * Created by the container.
   *
   * @param runtime the resolved locks and the provider
   */
  @Inject
  public SchedulerLockInterceptor(LockRuntime runtime) {
    this.runtime = runtime;
  }

  /**
   * A business-method call.
   *
   * @param context the invocation
   * @return the method's result, or null / {@code Optional.empty()} when skipped
   * @throws Exception what the method threw
   */
  @AroundInvoke
  public Object aroundInvoke(InvocationContext context) throws Exception {
    return runtime.proceedLocked(context);
  }

  /**
   * An EJB timer fire.
   *
   * @param context the invocation
   * @return the method's result
   * @throws Exception what the method threw
   */
  @AroundTimeout
  public Object aroundTimeout(InvocationContext context) throws Exception {
    return runtime.proceedLocked(context);
  }
}
