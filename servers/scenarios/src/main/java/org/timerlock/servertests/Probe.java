package org.timerlock.servertests;

import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Instant;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.timerlock.core.CurrentLock;
import org.timerlock.core.LockAssert;

/** The body every single-node probe runs: note what is true inside, hold on for a while. */
public final class Probe {

  private Probe() {}

  public static void run(String name, long holdMillis) {
    Instant start = Instant.now();
    Runs.started(name, start);
    boolean asserted;
    try {
      LockAssert.assertLocked();
      asserted = true;
    } catch (IllegalStateException e) {
      asserted = false;
    }
    int status = transactionStatus();
    Instant fire = asserted ? CurrentLock.fireInstant().orElse(null) : null;
    try {
      Thread.sleep(holdMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Runs.finished(name, new Runs.Run(start, Instant.now(), status, asserted, fire));
  }

  public static int transactionStatus() {
    try {
      return ((TransactionSynchronizationRegistry)
              new InitialContext().lookup("java:comp/TransactionSynchronizationRegistry"))
          .getTransactionStatus();
    } catch (NamingException e) {
      throw new IllegalStateException(e);
    }
  }
}
