package org.timerlock.cdi.storefailure;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.util.concurrent.CountDownLatch;
import org.timerlock.core.LockProvider;

/**
 * A store whose client library cannot load a class it needs, as Jedis on a server that gives the
 * application no SLF4J: every lock request throws {@link NoClassDefFoundError}.
 */
@ApplicationScoped
class MissingClassStoreProducer {

  /** Counted down at every lock request. */
  static volatile CountDownLatch requests = new CountDownLatch(0);

  @Produces
  LockProvider provider() {
    return configuration -> {
      requests.countDown();
      throw new NoClassDefFoundError("org/slf4j/LoggerFactory");
    };
  }
}
