package org.timerlock.cdi.internal;

import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.AnnotatedType;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.timerlock.cdi.SchedulerLock;

/**
 * Finds the methods of a bean class that run under a lock, and the ones annotated in a way the
 * container cannot honour.
 */
final class LockedMethodScanner {

  /**
   * EJB timeout callbacks, matched by name so that the extension also runs where the EJB API is
   * absent. The container calls these directly, so they may be private and are still intercepted.
   */
  private static final Set<String> TIMEOUT_ANNOTATIONS =
      Set.of("jakarta.ejb.Schedule", "jakarta.ejb.Schedules", "jakarta.ejb.Timeout");

  private LockedMethodScanner() {}

  /**
   * Scans one bean class.
   *
   * @param type the bean's annotated type
   * @param problems where unsupported uses are reported
   * @return the locked methods, most-derived declaration of each signature only
   */
  static List<LockCandidate> scan(AnnotatedType<?> type, Problems problems) {
    Class<?> beanClass = type.getJavaClass();
    SchedulerLock onClass = type.getAnnotation(SchedulerLock.class);
    Map<String, LockCandidate> bySignature = new LinkedHashMap<>();
    for (AnnotatedMethod<?> annotated : type.getMethods()) {
      Method method = annotated.getJavaMember();
      if (method.getDeclaringClass() == Object.class || method.isBridge() || method.isSynthetic()) {
        continue;
      }
      SchedulerLock onMethod = annotated.getAnnotation(SchedulerLock.class);
      LockCandidate candidate;
      if (onMethod != null) {
        candidate = new LockCandidate(beanClass, method, onMethod, false);
        if (!interceptable(candidate, problems)) {
          continue;
        }
      } else if (onClass != null && interceptedByClassBinding(method)) {
        candidate = new LockCandidate(beanClass, method, onClass, true);
      } else {
        continue;
      }
      if (!returnTypeAllowed(candidate, problems)) {
        continue;
      }
      bySignature.merge(signature(method), candidate, LockedMethodScanner::mostDerived);
    }
    return new ArrayList<>(bySignature.values());
  }

  private static boolean interceptable(LockCandidate candidate, Problems problems) {
    int modifiers = candidate.method().getModifiers();
    String reason = null;
    if (Modifier.isStatic(modifiers)) {
      reason = "it is static";
    } else if (!isTimeout(candidate.method()) && Modifier.isPrivate(modifiers)) {
      reason = "it is private (only EJB timeout methods may be private)";
    } else if (!isTimeout(candidate.method()) && Modifier.isFinal(modifiers)) {
      reason = "it is final";
    }
    if (reason != null) {
      problems.add(
          candidate,
          CdiMessage.NOT_INTERCEPTABLE.text(
              "the container cannot intercept this method because "
                  + reason
                  + ", so it would run unlocked on every node; make it a non-static, non-final,"
                  + " non-private method"));
      return false;
    }
    return true;
  }

  private static boolean interceptedByClassBinding(Method method) {
    int modifiers = method.getModifiers();
    return !Modifier.isStatic(modifiers) && (!Modifier.isPrivate(modifiers) || isTimeout(method));
  }

  private static boolean returnTypeAllowed(LockCandidate candidate, Problems problems) {
    Class<?> returned = candidate.method().getReturnType();
    if (returned.isPrimitive() && returned != void.class) {
      problems.add(
          candidate,
          CdiMessage.PRIMITIVE_RETURN.text(
              "returns the primitive type "
                  + returned.getName()
                  + ", but a skipped call has no value to return; return void, "
                  + "a wrapper type (null when skipped) or Optional (empty when skipped)"));
      return false;
    }
    return true;
  }

  static boolean isTimeout(Method method) {
    for (Annotation annotation : method.getAnnotations()) {
      if (TIMEOUT_ANNOTATIONS.contains(annotation.annotationType().getName())) {
        return true;
      }
    }
    return false;
  }

  private static String signature(Method method) {
    return method.getName() + Arrays.toString(method.getParameterTypes());
  }

  private static LockCandidate mostDerived(LockCandidate a, LockCandidate b) {
    Class<?> aClass = a.method().getDeclaringClass();
    Class<?> bClass = b.method().getDeclaringClass();
    return aClass.isAssignableFrom(bClass) ? b : a;
  }
}
