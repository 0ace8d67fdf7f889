package org.timerlock.example.it;

import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Instant;
import org.timerlock.cdi.SchedulerLock;

/** The jobs every node of the two-node test has; the two run independently of each other. */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ClusterJobs {

  static final String EVERY_SECOND = "every-second";
  static final String TAKEOVER = "takeover";

  @EJB Recorder recorder;

  @Resource TransactionSynchronizationRegistry transactions;

  /**
   * Fires every second on every node; must run once per fire across the cluster. lockAtLeastFor
   * keeps a quick run's lock past the moment the other node's timer fires for the same second.
   */
  @Schedule(hour = "*", minute = "*", second = "*", persistent = false)
  @SchedulerLock(name = EVERY_SECOND, lockAtMostFor = "10s", lockAtLeastFor = "500ms")
  public void everySecond() {
    run(EVERY_SECOND, 200);
  }

  /**
   * Runs for 4 s of its lockAtMostFor of 6 s, while the other node's timer keeps firing. A node
   * killed during a run leaves the lock to expire; the other node then takes over.
   */
  @Schedule(hour = "*", minute = "*", second = "*", persistent = false)
  @SchedulerLock(name = TAKEOVER, lockAtMostFor = "6s")
  public void takeover() {
    run(TAKEOVER, 4000);
  }

  private void run(String lock, long holdMillis) {
    boolean inTransaction = transactions.getTransactionStatus() == Status.STATUS_ACTIVE;
    long id = recorder.started(lock, Instant.now(), inTransaction);
    try {
      Thread.sleep(holdMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    recorder.ended(id);
  }
}
