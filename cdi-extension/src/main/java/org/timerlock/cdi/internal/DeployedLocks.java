package org.timerlock.cdi.internal;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.timerlock.core.StoreFailurePolicy;

/**
 * The deployment's lock table: the lock of every annotated method, resolved once by the extension,
 * and the settings of locks taken by name through {@code LockedTasks}, with the node id and the
 * store-failure policy. Served as one bean to the interceptor, {@code LockedTasks} and the admin.
 */
public final class DeployedLocks {

  private final Map<LockCandidate, ResolvedLock> annotated;
  private final Map<Class<?>, Map<Method, ResolvedLock>> byBeanClass = new HashMap<>();
  // The class the interceptor sees is often a container subclass of the bean class, and the method
  // may be the container's override: each pair is matched once, then answered from here.
  private final Map<Class<?>, Map<Method, ResolvedLock>> byCall = new ConcurrentHashMap<>();
  private final LockSettingsResolver resolver;
  private final Map<String, ResolvedLock> byName = new ConcurrentHashMap<>();
  private final Map<String, Boolean> switches = new ConcurrentHashMap<>();
  private final String nodeId;
  private final StoreFailurePolicy storeFailurePolicy;
  private final int metricsMaxLocks;
  private final WatchSettings watch;
  private final Duration drainTimeout;

  /**
   * @param annotated the lock of every annotated method whose settings are valid, in scan order
   * @param resolver resolves the locks taken by name, at their first use
   * @param nodeId the readable first part of every owner value
   * @param storeFailurePolicy what a call does when the store cannot answer
   * @param metricsMaxLocks the most lock names the metrics tag meters with
   * @param watch how this node takes part in the missed-fire watch
   * @param drainTimeout how long the application's stop waits for running jobs
   */
  DeployedLocks(
      Map<LockCandidate, ResolvedLock> annotated,
      LockSettingsResolver resolver,
      String nodeId,
      StoreFailurePolicy storeFailurePolicy,
      int metricsMaxLocks,
      WatchSettings watch,
      Duration drainTimeout) {
    this.drainTimeout = drainTimeout;
    this.annotated = Collections.unmodifiableMap(new LinkedHashMap<>(annotated));
    annotated.forEach(
        (candidate, lock) ->
            byBeanClass
                .computeIfAbsent(candidate.beanClass(), c -> new HashMap<>())
                .put(lock.method(), lock));
    this.resolver = resolver;
    this.nodeId = nodeId;
    this.storeFailurePolicy = storeFailurePolicy;
    this.metricsMaxLocks = metricsMaxLocks;
    this.watch = watch;
  }

  /** The lock of every annotated method, by the method as found, in scan order. */
  Map<LockCandidate, ResolvedLock> annotated() {
    return annotated;
  }

  /** The locks of the annotated methods, in scan order. */
  Collection<ResolvedLock> all() {
    return annotated.values();
  }

  /**
   * The lock of an intercepted call.
   *
   * @param targetClass the class of the intercepted instance (the bean class or a container
   *     subclass of it)
   * @param method the intercepted method
   * @return the lock, or null when the method was not registered
   */
  ResolvedLock find(Class<?> targetClass, Method method) {
    // Read before computing: every call after the first is answered without a lambda.
    Map<Method, ResolvedLock> calls = byCall.get(targetClass);
    if (calls == null) {
      calls = byCall.computeIfAbsent(targetClass, c -> new ConcurrentHashMap<>());
    }
    ResolvedLock lock = calls.get(method);
    return lock != null
        ? lock
        : calls.computeIfAbsent(method, m -> match(methodsOf(targetClass), m));
  }

  /**
   * The lock of a name taken through {@code LockedTasks}: its settings come from configuration
   * only, read once per name.
   *
   * @throws IllegalArgumentException when no lockAtMostFor is configured or a value is invalid
   */
  ResolvedLock byName(String name) {
    return byName.computeIfAbsent(name, resolver::resolve);
  }

  /**
   * Whether configuration leaves a lock on, for a lock whose durations are given in code; read once
   * per name.
   */
  boolean enabled(String name) {
    return switches.computeIfAbsent(name, resolver::enabledByName);
  }

  WatchSettings watch() {
    return watch;
  }

  /**
   * The configured grace of a scheduled lock, if any.
   *
   * @throws IllegalArgumentException when the value is invalid (the key check reported it)
   */
  Optional<Duration> grace(String name) {
    return resolver.grace(name);
  }

  /**
   * How old the latest missed slot of a lock may be to be caught up.
   *
   * @return the window, or empty when catch-up is off
   * @throws IllegalArgumentException when the value is invalid (the key check reported it)
   */
  Optional<Duration> catchUpWithin(String name) {
    return resolver.catchUpWithin(name);
  }

  /** How long the application's stop waits for running jobs ({@code 0}: not at all). */
  Duration drainTimeout() {
    return drainTimeout;
  }

  String nodeId() {
    return nodeId;
  }

  StoreFailurePolicy storeFailurePolicy() {
    return storeFailurePolicy;
  }

  /**
   * The most lock names the metrics tag their meters with ({@code timerlock.metrics.max-locks}).
   *
   * @return at least 1
   */
  public int metricsMaxLocks() {
    return metricsMaxLocks;
  }

  private static ResolvedLock match(Map<Method, ResolvedLock> methods, Method method) {
    ResolvedLock locked = methods.get(method);
    if (locked != null) {
      return locked;
    }
    // Some containers hand the interceptor their own override of the method; match by signature.
    for (ResolvedLock candidate : methods.values()) {
      if (sameSignature(candidate.method(), method)) {
        return candidate;
      }
    }
    return null;
  }

  private Map<Method, ResolvedLock> methodsOf(Class<?> runtimeClass) {
    for (Class<?> c = runtimeClass; c != null; c = c.getSuperclass()) {
      Map<Method, ResolvedLock> methods = byBeanClass.get(c);
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
