package org.timerlock.servertests;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.lang.reflect.InvocationTargetException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import javax.sql.DataSource;
import org.timerlock.core.CurrentLock;
import org.timerlock.core.LockAssert;

/**
 * Writes what a run of {@link ScheduledMethodJob} saw of its thread and of its lock, before and
 * after it parked, to the table {@value #TABLE} next to {@code executions}: whether the thread is
 * virtual, and which lock and fire TimerLock's thread-local state named. Each write is a
 * transaction of its own, committed before the run's end is recorded, so a test that has seen the
 * run end finds the row.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class RunThreads {

  /** The table, which the test creates in the schema of {@code executions}. */
  public static final String TABLE = "run_threads";

  /** The table's definition. */
  public static final String CREATE =
      "CREATE TABLE "
          + TABLE
          + " (execution_id BIGINT PRIMARY KEY, virtual BOOLEAN NOT NULL,"
          + " same_thread BOOLEAN NOT NULL, thread_before VARCHAR(255) NOT NULL,"
          + " thread_after VARCHAR(255) NOT NULL, lock_before VARCHAR(64), lock_after VARCHAR(64),"
          + " fire_before TIMESTAMP, fire_after TIMESTAMP, asserted_before BOOLEAN NOT NULL,"
          + " asserted_after BOOLEAN NOT NULL)";

  /**
   * What the current thread shows at one moment of a run.
   *
   * @param thread the thread's {@code toString()}; a virtual thread's names its carrier thread
   * @param lock the name of the innermost lock TimerLock holds on the thread, or null for none
   * @param fire the fire that lock was taken for, or null
   * @param asserted whether {@link LockAssert#assertLocked()} passed
   */
  public record Seen(String thread, String lock, Instant fire, boolean asserted) {

    /**
     * What the current thread shows now.
     *
     * @return the thread, its innermost lock and fire, and whether the lock is asserted
     */
    public static Seen now() {
      String thread = Thread.currentThread().toString();
      boolean asserted = lockAsserted();
      try {
        return new Seen(
            thread,
            CurrentLock.configuration().name(),
            CurrentLock.fireInstant().orElse(null),
            asserted);
      } catch (IllegalStateException noLock) {
        return new Seen(thread, null, null, asserted);
      }
    }
  }

  private static boolean lockAsserted() {
    try {
      LockAssert.assertLocked();
      return true;
    } catch (IllegalStateException notLocked) {
      return false;
    }
  }

  @Resource(lookup = Recorder.DATASOURCE)
  DataSource dataSource;

  /**
   * Whether the current thread is a virtual thread. {@code Thread.isVirtual()} is Java 21's, and
   * the probes are compiled for Java 17: it is called by reflection, and a JVM without it runs
   * platform threads only.
   */
  public static boolean currentThreadIsVirtual() {
    try {
      return (Boolean) Thread.class.getMethod("isVirtual").invoke(Thread.currentThread());
    } catch (NoSuchMethodException e) {
      return false;
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Records what a run saw.
   *
   * @param executionId the run's row in {@code executions}
   * @param virtual whether the run started on a virtual thread
   * @param sameThread whether it ended on the thread it started on
   * @param before what it saw before parking
   * @param after what it saw after
   */
  public void record(
      long executionId, boolean virtual, boolean sameThread, Seen before, Seen after) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO " + TABLE + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      s.setLong(1, executionId);
      s.setBoolean(2, virtual);
      s.setBoolean(3, sameThread);
      s.setString(4, truncated(before.thread()));
      s.setString(5, truncated(after.thread()));
      s.setString(6, before.lock());
      s.setString(7, after.lock());
      s.setTimestamp(8, before.fire() == null ? null : Timestamp.from(before.fire()));
      s.setTimestamp(9, after.fire() == null ? null : Timestamp.from(after.fire()));
      s.setBoolean(10, before.asserted());
      s.setBoolean(11, after.asserted());
      s.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String truncated(String thread) {
    return thread.length() <= 255 ? thread : thread.substring(0, 255);
  }
}
