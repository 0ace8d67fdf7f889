package org.timerlock.cdi.internal;

import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;
import org.timerlock.cdi.LockEvent;
import org.timerlock.core.LockConfiguration;

/**
 * Where the extension's {@link LockEvent}s go: the application's CDI event, and whether anything
 * observes it at all. The observer methods of a deployment are fixed once the container has
 * discovered its beans, so the container is asked once: when no observer method (of {@code
 * LockEvent}, of a supertype such as {@code Object}, with or without qualifiers) would be notified,
 * the publishers build no event, which spares every locked call two events.
 */
@Dependent
class LockEventChannel {

  private final Event<LockEvent> events;
  private final String nodeId;
  private final boolean observed;

  @Inject
  LockEventChannel(Event<LockEvent> events, BeanManager beanManager, DeployedLocks locks) {
    this.events = events;
    this.nodeId = locks.nodeId();
    this.observed = !beanManager.resolveObserverMethods(sample(nodeId)).isEmpty();
  }

  /**
   * The publisher of the events of one locked method.
   *
   * @param method the method, or null for locks taken by name
   */
  EventPublisher publisher(Method method) {
    return new EventPublisher(this, method);
  }

  /** Whether any observer method would be notified of a {@link LockEvent}. */
  boolean observed() {
    return observed;
  }

  Event<LockEvent> events() {
    return events;
  }

  String nodeId() {
    return nodeId;
  }

  /** An event to resolve the observers with: they depend on its type only. */
  private static LockEvent sample(String nodeId) {
    return new LockEvent(
        LockEvent.Kind.ACQUIRED,
        LockConfiguration.of("observer-resolution", Duration.ofMillis(1)),
        null,
        nodeId,
        Instant.EPOCH,
        null,
        null,
        null,
        OptionalLong.empty());
  }
}
