package org.timerlock.example.console;

import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import org.timerlock.cdi.SchedulerLock;

/** The jobs the console's browser test looks at, on both nodes. */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ConsoleJobs {

  /**
   * A job that runs 8 s of every 10 and keeps its lock 1.5 s longer: the console nearly always
   * shows it held (a free lock is not listed on Redis).
   */
  public static final String SLOW = "slow-report";

  /** A lock name with markup, quotes and a line break, which the page must show as text. */
  public static final String MARKUP = "<script>alert(\"x\")</script>\n'quoted' & <b>bold</b>";

  /**
   * A job with no schedule, which operators run now: it keeps its lock 10 minutes after a run, so
   * that the Redis listing, which shows held locks only, has it.
   */
  public static final String MANUAL = "manual-export";

  /**
   * A job every minute that configuration switches off on both nodes, so no node ever takes its
   * slots: once the store holds a fire of it from the past, the console shows it overdue.
   */
  public static final String MISSED = "missed-digest";

  /** How long the failing job's error message is: a megabyte. */
  public static final int HUGE = 1 << 20;

  /**
   * Runs 8 s every 10 s.
   *
   * @throws InterruptedException when the server stops
   */
  @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
  @SchedulerLock(name = SLOW, lockAtMostFor = "1m", lockAtLeastFor = "9500ms")
  public void slow() throws InterruptedException {
    Thread.sleep(8000);
  }

  /**
   * Fails every 30 s with a megabyte of markup in its message (the server logs it: not more often),
   * and keeps its lock 29 s, so that the Redis listing, which shows held locks only, has it.
   */
  @Schedule(hour = "*", minute = "*", second = "*/30", persistent = false)
  @SchedulerLock(name = MARKUP, lockAtMostFor = "1m", lockAtLeastFor = "29s")
  public void failing() {
    throw new IllegalStateException("<img src=x onerror=alert(1)> \"quoted\" " + "x".repeat(HUGE));
  }

  /** Digests nothing; never runs, being switched off on both nodes. */
  @Schedule(hour = "*", minute = "*", second = "0", persistent = false)
  @SchedulerLock(name = MISSED, lockAtMostFor = "1m")
  public void digest() {}

  /** Exports nothing; run by an operator from the console. */
  @SchedulerLock(name = MANUAL, lockAtMostFor = "15m", lockAtLeastFor = "10m")
  public void export() {}
}
