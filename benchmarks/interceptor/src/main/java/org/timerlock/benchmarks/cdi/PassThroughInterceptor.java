package org.timerlock.benchmarks.cdi;

import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;

/**
 * An interceptor that only proceeds, at the priority of TimerLock's {@code @SchedulerLock}
 * interceptor: what the container's interception costs, so that what the lock adds can be told
 * apart from it.
 */
@PassThrough
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class PassThroughInterceptor {

  /**
   * Proceeds.
   *
   * @param context the invocation
   * @return what the method returned
   * @throws Exception what the method threw
   */
  @AroundInvoke
  public Object proceed(InvocationContext context) throws Exception {
    return context.proceed();
  }
}
