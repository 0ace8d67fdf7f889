package org.timerlock.cdi.internal;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.timerlock.core.StoreFailurePolicy;

/**
 * What the extension resolved at deployment, served to the interceptor and {@code LockedTasks} as
 * one bean: the lock of every annotated method, the settings of locks taken by name, the node id
 * and the store-failure policy.
 */
public final class LockOperations {

  private final LockRegistry registry;
  private final LockSettingsResolver resolver;
  private final Map<String, LockedOperation> byName = new ConcurrentHashMap<>();
  private final Map<String, Boolean> switches = new ConcurrentHashMap<>();
  private final String nodeId;
  private final StoreFailurePolicy storeFailurePolicy;

  LockOperations(
      LockRegistry registry,
      LockSettingsResolver resolver,
      String nodeId,
      StoreFailurePolicy storeFailurePolicy) {
    this.registry = registry;
    this.resolver = resolver;
    this.nodeId = nodeId;
    this.storeFailurePolicy = storeFailurePolicy;
  }

  /**
   * The lock of an intercepted call.
   *
   * @return the lock, or null when the method was not registered
   */
  LockedOperation find(Class<?> targetClass, Method method) {
    return registry.find(targetClass, method);
  }

  /**
   * The lock of a name taken through {@code LockedTasks}: its settings come from configuration
   * only, read once per name.
   *
   * @throws IllegalArgumentException when no lockAtMostFor is configured or a value is invalid
   */
  LockedOperation byName(String name) {
    return byName.computeIfAbsent(name, resolver::resolve);
  }

  /**
   * Whether configuration leaves a lock on, for a lock whose durations are given in code; read once
   * per name.
   */
  boolean enabled(String name) {
    return switches.computeIfAbsent(name, resolver::enabledByName);
  }

  String nodeId() {
    return nodeId;
  }

  StoreFailurePolicy storeFailurePolicy() {
    return storeFailurePolicy;
  }
}
