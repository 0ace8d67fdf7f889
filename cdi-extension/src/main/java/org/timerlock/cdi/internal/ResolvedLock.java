package org.timerlock.cdi.internal;

import java.lang.reflect.Method;
import java.util.Optional;
import org.timerlock.core.LockConfiguration;

/**
 * One lock as resolved and validated at deployment: everything a call needs, so the interceptor
 * parses nothing. Built once per annotated method, or once per lock name taken through {@code
 * LockedTasks}.
 *
 * @param where how messages and logs name the user of the lock: {@code
 *     com.acme.InvoiceRun.sendInvoices()}, or {@code LockedTasks} for a programmatic lock
 * @param method the annotated method, or null for a programmatic lock
 * @param configuration the lock name and durations
 * @param shared whether several methods may use the lock name ({@code .shared=true})
 * @param enabled false when configuration switches the lock off
 * @param oncePerFire whether a call for a scheduled fire carries its fire instant, so that the
 *     store refuses a fire that already ran ({@code .once-per-fire}, default true)
 * @param fires where the fire instant of a call comes from
 */
record ResolvedLock(
    String where,
    Method method,
    LockConfiguration configuration,
    boolean shared,
    boolean enabled,
    boolean oncePerFire,
    FireSource fires) {

  /** The annotated method, if this lock has one. */
  Optional<Method> annotatedMethod() {
    return Optional.ofNullable(method);
  }

  /** The lock name. */
  String name() {
    return configuration.name();
  }
}
