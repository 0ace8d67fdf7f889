package org.timerlock.cdi.internal;

import jakarta.enterprise.event.Event;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
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
    fire(Kind.ACQUIRED, configuration, fencingToken, null, null, null);
  }

  @Override
  public void skipped(LockConfiguration configuration) {
    fire(Kind.SKIPPED, configuration, OptionalLong.empty(), null, null, null);
  }

  @Override
  public void alreadyRan(LockConfiguration configuration) {
    fire(Kind.ALREADY_RAN, configuration, OptionalLong.empty(), null, null, null);
  }

  @Override
  public void released(
      LockConfiguration configuration,
      OptionalLong fencingToken,
      Duration ranFor,
      Throwable failure) {
    fire(Kind.RELEASED, configuration, fencingToken, ranFor, failure, null);
  }

  @Override
  public void storeFailure(
      LockConfiguration configuration, StoreOperation operation, LockException failure) {
    fire(Kind.STORE_FAILURE, configuration, OptionalLong.empty(), null, failure, operation);
  }

  /** The lock is switched off by configuration: the call is skipped without asking the store. */
  void disabled(LockConfiguration configuration) {
    fire(Kind.DISABLED, configuration, OptionalLong.empty(), null, null, null);
  }

  private void fire(
      Kind kind,
      LockConfiguration configuration,
      OptionalLong fencingToken,
      Duration ranFor,
      Throwable failure,
      StoreOperation operation) {
    events.fire(
        new LockEvent(
            kind,
            configuration,
            method,
            nodeId,
            Instant.now(),
            ranFor,
            failure,
            operation,
            fencingToken));
  }
}
