package org.timerlock.core;

import org.timerlock.core.internal.CoreMessage;
import org.timerlock.core.spi.Printable;

/**
 * Turns what a lock store or its client threw into the {@link LockException} that the store-failure
 * policy and the listeners handle. A {@link LinkageError} belongs here too (a client library that
 * cannot load a class it needs, such as a logging API missing from the server): it must skip a run,
 * never escape into an EJB timer that the container would then cancel. Only the JVM's own errors
 * (out of memory, stack overflow) pass through.
 */
final class StoreFailures {

  private StoreFailures() {}

  /**
   * The failure as a LockException.
   *
   * @param operation what was being done, e.g. "Releasing"
   * @param configuration the lock
   * @param thrown what the provider threw
   * @return the thrown LockException itself, or one naming the operation with {@code thrown} as its
   *     cause
   * @throws VirtualMachineError when {@code thrown} is one: the JVM cannot go on as if the store
   *     had failed
   */
  static LockException of(String operation, LockConfiguration configuration, Throwable thrown) {
    if (thrown instanceof LockException failure) {
      return failure;
    }
    if (thrown instanceof VirtualMachineError error) {
      throw error;
    }
    return new LockException(
        CoreMessage.STORE_FAILURE.text(
            operation + " lock '" + Printable.of(configuration.name()) + "' failed: " + thrown),
        thrown);
  }
}
