package org.timerlock.cdi.internal;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The lock of every annotated method, by bean class and method. Filled once at deployment; read by
 * the interceptor on every call.
 */
final class LockRegistry {

  private final Map<Class<?>, Map<Method, LockedOperation>> byBeanClass = new HashMap<>();
  // The class the interceptor sees is often a container subclass of the bean class, and the method
  // may be the container's override: each pair is matched once, then answered from here.
  private final Map<Class<?>, Map<Method, LockedOperation>> byCall = new ConcurrentHashMap<>();

  void register(Class<?> beanClass, LockedOperation operation) {
    byBeanClass.computeIfAbsent(beanClass, c -> new HashMap<>()).put(operation.method(), operation);
  }

  /**
   * The lock of a call.
   *
   * @param targetClass the class of the intercepted instance (the bean class or a container
   *     subclass of it)
   * @param method the intercepted method
   * @return the lock, or null when the method was not registered
   */
  LockedOperation find(Class<?> targetClass, Method method) {
    return byCall
        .computeIfAbsent(targetClass, c -> new ConcurrentHashMap<>())
        .computeIfAbsent(method, m -> match(methodsOf(targetClass), m));
  }

  private static LockedOperation match(Map<Method, LockedOperation> methods, Method method) {
    LockedOperation locked = methods.get(method);
    if (locked != null) {
      return locked;
    }
    // Some containers hand the interceptor their own override of the method; match by signature.
    for (LockedOperation candidate : methods.values()) {
      if (sameSignature(candidate.method(), method)) {
        return candidate;
      }
    }
    return null;
  }

  private Map<Method, LockedOperation> methodsOf(Class<?> runtimeClass) {
    for (Class<?> c = runtimeClass; c != null; c = c.getSuperclass()) {
      Map<Method, LockedOperation> methods = byBeanClass.get(c);
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
