package org.timerlock.cdi.internal;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.timerlock.core.LockConfiguration;

/**
 * The resolved configuration of every locked method, by bean class and method. Filled once at
 * deployment; read by the interceptor on every call.
 */
final class LockRegistry {

  /** A locked method and its lock. */
  record LockedMethod(Method method, LockConfiguration configuration) {}

  private final Map<Class<?>, Map<Method, LockedMethod>> byBeanClass = new HashMap<>();
  // The class the interceptor sees is often a container subclass of the bean class, and the method
  // may be the container's override: each pair is matched once, then answered from here.
  private final Map<Class<?>, Map<Method, LockedMethod>> byCall = new ConcurrentHashMap<>();

  void register(LockCandidate candidate, LockConfiguration configuration) {
    byBeanClass
        .computeIfAbsent(candidate.beanClass(), c -> new HashMap<>())
        .put(candidate.method(), new LockedMethod(candidate.method(), configuration));
  }

  /**
   * The lock of a call.
   *
   * @param targetClass the class of the intercepted instance (the bean class or a container
   *     subclass of it)
   * @param method the intercepted method
   * @return the lock, or null when the method was not registered
   */
  LockedMethod find(Class<?> targetClass, Method method) {
    return byCall
        .computeIfAbsent(targetClass, c -> new ConcurrentHashMap<>())
        .computeIfAbsent(method, m -> match(methodsOf(targetClass), m));
  }

  private static LockedMethod match(Map<Method, LockedMethod> methods, Method method) {
    LockedMethod locked = methods.get(method);
    if (locked != null) {
      return locked;
    }
    // Some containers hand the interceptor their own override of the method; match by signature.
    for (LockedMethod candidate : methods.values()) {
      if (sameSignature(candidate.method(), method)) {
        return candidate;
      }
    }
    return null;
  }

  private Map<Method, LockedMethod> methodsOf(Class<?> runtimeClass) {
    for (Class<?> c = runtimeClass; c != null; c = c.getSuperclass()) {
      Map<Method, LockedMethod> methods = byBeanClass.get(c);
      if (methods != null) {
        return methods;
      }
    }
    return Map.of();
  }

  private static boolean sameSignature(Method a, Method b) {
    return a.getName().equals(b.getName())
        && Arrays.equals(a.getParameterTypes(), b.getParameterTypes());
  }
}
