package org.timerlock.cdi.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Set;

/**
 * Which locked methods TimerLock can run by itself, for a run now or a catch-up: a public business
 * method without parameters, called through its bean on the calling thread, so that the interceptor
 * takes the lock there and the caller learns the lock decision.
 */
final class CallableMethods {

  private static final Set<String> ASYNCHRONOUS =
      Set.of("jakarta.ejb.Asynchronous", "jakarta.enterprise.concurrent.Asynchronous");

  private CallableMethods() {}

  /**
   * Why a locked method cannot be run by TimerLock.
   *
   * @param candidate the method as found in its bean
   * @return the reason, or null when it can be run
   */
  static String whyNot(LockCandidate candidate) {
    Method method = candidate.method();
    if (method.getParameterCount() > 0) {
      return method.getParameterTypes()[0].getName().equals("jakarta.ejb.Timer")
              && method.getParameterCount() == 1
          ? "it takes the EJB Timer of its fire, which only the container can pass"
          : "it takes arguments, which TimerLock cannot supply";
    }
    if (!Modifier.isPublic(method.getModifiers())) {
      return "it is not public: only a public business method can be called through its bean";
    }
    if (asynchronous(method.getAnnotations())
        || asynchronous(candidate.beanClass().getAnnotations())) {
      return "it is asynchronous: a call would run it on another thread (and a runAt method would"
          + " start its schedule once more)";
    }
    return null;
  }

  private static boolean asynchronous(Annotation[] annotations) {
    for (Annotation annotation : annotations) {
      if (ASYNCHRONOUS.contains(annotation.annotationType().getName())) {
        return true;
      }
    }
    return false;
  }
}
