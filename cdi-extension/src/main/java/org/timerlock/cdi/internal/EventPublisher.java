package org.timerlock.cdi.internal;

import java.lang.System.Logger.Level;
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
import org.timerlock.core.spi.Printable;

/**
 * Turns the executor's callbacks into {@link LockEvent}s for one locked method. An observer that
 * throws is logged here, by the event and the observer method, and never reaches the job. CDI stops
 * notifying the observers after a throwing one of that one event; that cannot be changed from here.
 */
final class EventPublisher implements LockListener {

  private static final System.Logger LOG = System.getLogger(EventPublisher.class.getName());

  /**
   * Frames of the container's and the JDK's method invocation, below an observer method's frame.
   */
  private static final String[] INVOKERS = {
    "org.jboss.weld.", "jdk.internal.reflect.", "java.lang.reflect.", "java.lang.invoke."
  };

  private final LockEventChannel channel;
  private final Method method;

  EventPublisher(LockEventChannel channel, Method method) {
    this.channel = channel;
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
  public void heldByThisNode(LockConfiguration configuration) {
    fire(Kind.HELD_BY_THIS_NODE, configuration, OptionalLong.empty(), null, null, null);
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

  @Override
  public void paused(LockConfiguration configuration) {
    fire(Kind.PAUSED, configuration, OptionalLong.empty(), null, null, null);
  }

  /** The application is stopping: the call is skipped without asking the store. */
  void shuttingDown(LockConfiguration configuration) {
    fire(Kind.SHUTTING_DOWN, configuration, OptionalLong.empty(), null, null, null);
  }

  /**
   * An operator's action on the lock, for the audit.
   *
   * @param kind {@link Kind#PAUSE_STARTED}, {@link Kind#PAUSE_ENDED} or {@link Kind#RUN_NOW}
   * @param configuration the lock
   * @param by who asked
   * @param until when a pause ends by itself, or null
   */
  void operatorAction(Kind kind, LockConfiguration configuration, String by, Instant until) {
    fire(kind, configuration, OptionalLong.empty(), null, null, null, by, until);
  }

  /** The lock is switched off by configuration: the call is skipped without asking the store. */
  void disabled(LockConfiguration configuration) {
    fire(Kind.DISABLED, configuration, OptionalLong.empty(), null, null, null);
  }

  /** A slot of the lock's schedule that no node took; the configuration carries the slot. */
  void missed(LockConfiguration configuration) {
    fire(Kind.MISSED, configuration, OptionalLong.empty(), null, null, null);
  }

  /** An event of a lock call: no operator, no pause. */
  private void fire(
      Kind kind,
      LockConfiguration configuration,
      OptionalLong fencingToken,
      Duration ranFor,
      Throwable failure,
      StoreOperation operation) {
    fire(kind, configuration, fencingToken, ranFor, failure, operation, null, null);
  }

  /** Builds and fires the event, unless nothing would see it: then no clock is read either. */
  private void fire(
      Kind kind,
      LockConfiguration configuration,
      OptionalLong fencingToken,
      Duration ranFor,
      Throwable failure,
      StoreOperation operation,
      String operator,
      Instant pausedUntil) {
    if (!channel.observed()) {
      return;
    }
    LockEvent event =
        new LockEvent(
            kind,
            configuration,
            method,
            channel.nodeId(),
            Instant.now(),
            ranFor,
            failure,
            operation,
            fencingToken,
            operator,
            pausedUntil);
    try {
      channel.events().fire(event);
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          CdiMessage.OBSERVER_FAILED.text(
              "An observer of LockEvent threw on "
                  + event.kind()
                  + " of lock '"
                  + Printable.shortened(event.lockName())
                  + "'"
                  + event
                      .method()
                      .map(m -> " (" + m.getDeclaringClass().getName() + "." + m.getName() + ")")
                      .orElse("")
                  + ": "
                  + observer(e)
                  + ". The job is not affected; CDI did not notify the observers after it of"
                  + " this event."),
          e);
    }
  }

  /**
   * The observer method that threw: the frame just above the container's reflective call into it.
   */
  static String observer(Throwable e) {
    StackTraceElement[] frames = e.getStackTrace();
    for (int i = 1; i < frames.length; i++) {
      for (String invoker : INVOKERS) {
        if (frames[i].getClassName().startsWith(invoker)
            && !frames[i - 1].getClassName().startsWith(invoker)) {
          return "observer " + frames[i - 1].getClassName() + "." + frames[i - 1].getMethodName();
        }
      }
    }
    return "an observer";
  }

  @Override
  public String toString() {
    return "LockEvent publisher of "
        + (method == null
            ? "an executor"
            : method.getDeclaringClass().getName() + "." + method.getName());
  }
}
