package org.timerlock.cdi.internal;

import jakarta.enterprise.event.Event;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.OptionalLong;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.LockListener;
import org.timerlock.core.StoreOperation;

/** Turns the executor's callbacks into {@link LockEvent}s for one locked method. */
final class EventPublisher implements LockListener {

  private final Event<LockEvent> events;
  private final String nodeId;
  private final Method method;

  EventPublisher(Event<LockEvent> events, String nodeId, Method method) {
    this.events = events;
    this.nodeId = nodeId;
    this.method = method;
  }

  @Override
  public void acquired(LockConfiguration configuration, OptionalLong fencingToken) {
    events.fire(start(Kind.ACQUIRED, configuration).fencingToken(fencingToken).build());
  }

  @Override
  public void skipped(LockConfiguration configuration) {
    events.fire(start(Kind.SKIPPED, configuration).build());
  }

  @Override
  public void alreadyRan(LockConfiguration configuration) {
    events.fire(start(Kind.ALREADY_RAN, configuration).build());
  }

  @Override
  public void released(
      LockConfiguration configuration,
      OptionalLong fencingToken,
      Duration ranFor,
      Throwable failure) {
    events.fire(
        start(Kind.RELEASED, configuration)
            .fencingToken(fencingToken)
            .ranFor(ranFor)
            .failure(failure)
            .build());
  }

  @Override
  public void storeFailure(
      LockConfiguration configuration, StoreOperation operation, LockException failure) {
    events.fire(
        start(Kind.STORE_FAILURE, configuration).operation(operation).failure(failure).build());
  }

  /** The lock is switched off by configuration: the call is skipped without asking the store. */
  void disabled(LockConfiguration configuration) {
    events.fire(start(Kind.DISABLED, configuration).build());
  }

  private LockEvent.Builder start(Kind kind, LockConfiguration configuration) {
    return LockEvent.of(kind, configuration, nodeId).method(method);
  }
}
