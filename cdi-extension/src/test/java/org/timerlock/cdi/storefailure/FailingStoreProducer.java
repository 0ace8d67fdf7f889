package org.timerlock.cdi.storefailure;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.timerlock.core.LockException;
import org.timerlock.core.LockProvider;

/**
 * A store that stops answering: stands for a dead socket, the one thing a real store cannot be made
 * to do on cue.
 */
@ApplicationScoped
class FailingStoreProducer {

  @Produces
  LockProvider provider() {
    return configuration -> {
      throw new LockException("lock store at 127.0.0.1:1 refused the connection");
    };
  }
}
