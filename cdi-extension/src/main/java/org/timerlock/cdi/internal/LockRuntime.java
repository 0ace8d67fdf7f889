package org.timerlock.cdi.internal;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.timerlock.cdi.LockEvent;
import org.timerlock.core.DefaultLockingTaskExecutor;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.LockingTaskExecutor;
import org.timerlock.core.TaskResult;

/**
 * What the interceptor and {@link org.timerlock.cdi.LockedTasks} run calls through: the provider,
 * the settings resolved at deployment, and one executor per locked method (its events name the
 * method).
 */
@ApplicationScoped
public class LockRuntime {

  private final TimerLockExtension extension;
  private final LockProvider provider;
  private final Event<LockEvent> events;
  private final Map<Method, DefaultLockingTaskExecutor> executors = new ConcurrentHashMap<>();
  private final DefaultLockingTaskExecutor programmatic;

  /** For the container's client proxy only. */
  protected LockRuntime() {
    this.extension = null;
    this.provider = null;
    this.events = null;
    this.programmatic = null;
  }

  @Inject
  LockRuntime(TimerLockExtension extension, LockProvider provider, Event<LockEvent> events) {
    this.extension = extension;
    this.provider = provider;
    this.events = events;
    this.programmatic = executor(null);
  }

  /**
   * Runs an intercepted call under its lock.
   *
   * @param context the invocation
   * @return what the method returned; null or {@code Optional.empty()} when skipped
   * @throws Exception what the method threw, or the store's error under the {@code fail} policy
   */
  public Object proceedLocked(InvocationContext context) throws Exception {
    Method method = context.getMethod();
    LockRegistry.LockedMethod locked =
        extension.registry().find(context.getTarget().getClass(), method);
    if (locked == null) {
      // Running it unlocked would break the one guarantee this library gives.
      throw new IllegalStateException(
          "TimerLock has no lock registered for "
              + method
              + " called on "
              + context.getTarget().getClass().getName()
              + "; the call was not run. Please report this with the class and method.");
    }
    TaskResult<Object> result =
        executors
            .computeIfAbsent(locked.method(), this::executor)
            .executeWithLock(context::proceed, locked.configuration());
    if (result.wasExecuted()) {
      return result.getResult();
    }
    return method.getReturnType() == Optional.class ? Optional.empty() : null;
  }

  /**
   * The effective configuration of a lock used programmatically, from configuration only.
   *
   * @param name the lock name
   * @return the configuration
   * @throws IllegalArgumentException when no lockAtMostFor is configured or a value is invalid
   */
  public LockConfiguration configurationOf(String name) {
    return extension.resolver().resolve(name, "", "");
  }

  /**
   * The executor for programmatic use; its events name no method.
   *
   * @return the executor
   */
  @Produces
  @ApplicationScoped
  public LockingTaskExecutor lockingTaskExecutor() {
    return programmatic;
  }

  private DefaultLockingTaskExecutor executor(Method method) {
    return new DefaultLockingTaskExecutor(
        provider,
        extension.storeFailurePolicy(),
        List.of(new EventPublisher(events, extension.nodeId(), method)));
  }
}
