package org.timerlock.core;

import java.util.Optional;

/**
 * Stands for a store that stops answering (a dead socket), or whose client library cannot load a
 * class it needs (a server that does not give the application SLF4J): the only thing in these tests
 * that is not a real provider.
 */
final class FailingStore implements LockProvider {
  private final LockProvider delegate;
  volatile boolean failAcquire;
  volatile boolean failRelease;
  volatile boolean classMissing;

  FailingStore(LockProvider delegate) {
    this.delegate = delegate;
  }

  @Override
  public Optional<SimpleLock> lock(LockConfiguration configuration) {
    if (classMissing) {
      throw new NoClassDefFoundError("org/slf4j/LoggerFactory");
    }
    if (failAcquire) {
      throw new LockException("store at 127.0.0.1:1 refused the connection");
    }
    return delegate
        .lock(configuration)
        .map(
            lock ->
                () -> {
                  if (failRelease) {
                    throw new LockException("store at 127.0.0.1:1 went away");
                  }
                  lock.unlock();
                });
  }
}
