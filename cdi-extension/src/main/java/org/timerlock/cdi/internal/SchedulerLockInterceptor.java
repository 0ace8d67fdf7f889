package org.timerlock.cdi.internal;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.spi.CDI;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.AroundTimeout;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import org.timerlock.cdi.SchedulerLock;

/**
 * Runs {@code @SchedulerLock} methods under their lock: EJB timeout callbacks through {@code
 * AroundTimeout}, every other call through {@code AroundInvoke}. Its priority puts it outside
 * {@code @Transactional} (so the lock is held for the whole transaction, commit included) and
 * inside {@code @Asynchronous} (so each asynchronous or scheduled run takes the lock on the thread
 * that runs it).
 *
 * <p>It is {@link Serializable} because EJB containers may passivate or serialise the interceptors
 * of a bean (GlassFish cannot even create a bean whose interceptor is not): the runtime is not
 * serialised but looked up again in the deserialising application.
 */
@SchedulerLock
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class SchedulerLockInterceptor implements Serializable {

  @Serial private static final long serialVersionUID = 1L;

  private transient LockRuntime runtime;

  /**
   * Created by the container.
   *
   * @param runtime the resolved locks and the provider
   */
  @Inject
  public SchedulerLockInterceptor(LockRuntime runtime) {
    this.runtime = runtime;
  }

  @Serial
  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    runtime = CDI.current().select(LockRuntime.class).get();
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
