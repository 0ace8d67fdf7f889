package org.timerlock.cdi.internal;

import java.lang.reflect.Method;
import org.timerlock.cdi.SchedulerLock;

/**
 * A method that will run under a lock, as found in a bean class.
 *
 * @param beanClass the bean class (not the proxy): names the default lock and finds the settings
 * @param method the method, possibly declared by a superclass
 * @param annotation the method's own annotation, else the class's
 * @param classLevel whether the annotation came from the class
 */
record LockCandidate(
    Class<?> beanClass, Method method, SchedulerLock annotation, boolean classLevel) {

  /** How problems and log lines name the method: {@code com.acme.InvoiceRun.sendInvoices()}. */
  String where() {
    StringBuilder params = new StringBuilder();
    for (Class<?> type : method.getParameterTypes()) {
      params.append(params.length() == 0 ? "" : ", ").append(type.getSimpleName());
    }
    return beanClass.getName() + "." + method.getName() + "(" + params + ")";
  }

  /** The lock name when the annotation gives none. */
  String defaultName() {
    return beanClass.getSimpleName() + "." + method.getName();
  }
}
