package org.timerlock.example;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Instant;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.eclipse.microprofile.config.ConfigProvider;
import org.timerlock.cdi.LockEvent;
import org.timerlock.core.CurrentLock;
import org.timerlock.core.LockAssert;

/**
 * Keeps a record of every run, skip and release of the jobs in the audit tables, so that an
 * operator (and the tests) can see which instance ran which fire, and on which thread.
 */
@ApplicationScoped
public class JobAudit {

  @EJB AuditTables tables;

  private final String node =
      ConfigProvider.getConfig()
          .getOptionalValue("timerlock.node-id", String.class)
          .orElse("unnamed");

  /**
   * Runs a job's work under its lock and records the run.
   *
   * @param job the job, named like its lock
   * @param millis how long the work takes
   */
  public void run(String job, long millis) {
    boolean locked = isLocked();
    long id =
        tables.runStarted(
            job,
            node,
            CurrentLock.fireInstant().orElse(null),
            Thread.currentThread().getName(),
            locked,
            inTransaction(),
            Instant.now());
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      tables.runEnded(id, Instant.now());
    }
  }

  void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
    tables.createIfMissing();
  }

  void onLockEvent(@Observes LockEvent event) {
    tables.event(
        event.lockName(),
        event.kind().name(),
        event.nodeId(),
        event.fireInstant().orElse(null),
        Thread.currentThread().getName(),
        event.timestamp());
  }

  private static boolean isLocked() {
    try {
      LockAssert.assertLocked();
      return true;
    } catch (IllegalStateException e) {
      return false;
    }
  }

  private static boolean inTransaction() {
    try {
      TransactionSynchronizationRegistry registry =
          (TransactionSynchronizationRegistry)
              new InitialContext().lookup("java:comp/TransactionSynchronizationRegistry");
      return registry.getTransactionStatus() == Status.STATUS_ACTIVE;
    } catch (NamingException e) {
      return false;
    }
  }
}
