package org.timerlock.jdbc;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.spi.Printable;

/**
 * Notices a dangerous neighbour on a shared lock table: a program that is not TimerLock (a ShedLock
 * node) and writes its JVM's local time instead of UTC. Such a node's {@code locked_at} lies hours
 * ahead of the database clock when its zone is ahead of UTC; TimerLock nodes are then locked out
 * for those hours after each of its runs, and it takes locks TimerLock nodes hold (see the
 * migration page). The symptom is a name this node keeps being refused, so the row is read only
 * after {@link #REFUSALS} refusals of a name in a row (no acquisition between them), at most once
 * per {@link #INTERVAL} and name, and a name is warned about once. A refusal alone stays one
 * statement.
 *
 * <p>What it remembers per name is bounded: the {@link #NAMES} names refused most recently, so that
 * lock names made up at run time cannot grow it without end. A name it forgot starts over (three
 * more refusals before a look; a warning again if the neighbour is still there).
 *
 * <p>A node behind UTC writes times in the past, which look like an old row: it is not detected.
 */
final class ForeignClockCheck {

  /** How far ahead of the database clock a foreign {@code locked_at} must be to be suspicious. */
  static final Duration AHEAD = Duration.ofMinutes(10);

  /** Refusals of one name in a row after which its row is read. */
  static final int REFUSALS = 3;

  /** How often one name's row is read at most while nothing suspicious was found. */
  static final Duration INTERVAL = Duration.ofMinutes(5);

  /** How many names it remembers at most: the most recently refused ones. */
  static final int NAMES = 1024;

  private final LockTable table;
  private final Supplier<String> where;

  /** Per name, least recently refused first; guarded by itself. */
  private final Map<String, Seen> names =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Seen> eldest) {
          return size() > NAMES;
        }
      };

  /** What is known of one name. */
  private static final class Seen {
    int refusedInARow;
    long lastLook;
    boolean looked;
    boolean warned;
  }

  ForeignClockCheck(LockTable table, Supplier<String> where) {
    this.table = table;
    this.where = where;
  }

  /**
   * Counts refusals and looks at the row of a name refused {@link #REFUSALS} times in a row.
   *
   * @param storedName the name as stored in the table
   * @return {@code attempt}, unchanged
   */
  LockAttempt afterAttempt(
      Connection connection, Dialect dialect, String storedName, LockAttempt attempt) {
    if (attempt.outcome() != LockAttempt.Outcome.HELD_ELSEWHERE) {
      synchronized (names) {
        Seen seen = names.get(storedName);
        if (seen != null) {
          seen.refusedInARow = 0;
        }
      }
      return attempt;
    }
    if (due(storedName)) {
      try {
        look(connection, dialect, storedName);
      } catch (SQLException | RuntimeException e) {
        // A diagnosis only: it never turns a refusal into a failure.
        System.getLogger(ForeignClockCheck.class.getName())
            .log(Level.DEBUG, () -> "Could not read the row of a refused lock: " + e);
      }
    }
    return attempt;
  }

  private boolean due(String storedName) {
    synchronized (names) {
      Seen seen = names.computeIfAbsent(storedName, name -> new Seen());
      if (seen.warned || ++seen.refusedInARow < REFUSALS) {
        return false;
      }
      long now = System.nanoTime();
      if (seen.looked && now - seen.lastLook < INTERVAL.toNanos()) {
        return false;
      }
      seen.looked = true;
      seen.lastLook = now;
      return true;
    }
  }

  /** Whether this is the first warning about the name, which it then remembers. */
  private boolean firstWarning(String storedName) {
    synchronized (names) {
      Seen seen = names.computeIfAbsent(storedName, name -> new Seen());
      boolean first = !seen.warned;
      seen.warned = true;
      return first;
    }
  }

  /** How many names it remembers now. */
  int rememberedNames() {
    synchronized (names) {
      return names.size();
    }
  }

  private void look(Connection connection, Dialect dialect, String storedName) throws SQLException {
    String sql =
        "SELECT "
            + table.lockedBy()
            + ", "
            + table.lockedAt()
            + ", "
            + dialect.now()
            + " FROM "
            + table.table()
            + " WHERE "
            + table.name()
            + " = ?";
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      ps.setString(1, storedName);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return;
        }
        String owner = rs.getString(1);
        Duration ahead =
            Duration.between(
                rs.getObject(3, LocalDateTime.class), rs.getObject(2, LocalDateTime.class));
        if (!OwnerIds.isOwnerId(owner) && ahead.compareTo(AHEAD) >= 0 && firstWarning(storedName)) {
          warn(storedName, owner, ahead);
        }
      }
    }
  }

  private void warn(String storedName, String owner, Duration ahead) {
    System.getLogger(JdbcLockProvider.class.getName())
        .log(
            Level.WARNING,
            JdbcMessage.SHEDLOCK_LOCAL_TIME.text(
                "Lock ''{0}'' in {1} was taken by ''{2}'', not a TimerLock node, with {3} {4}"
                    + " ahead of"
                    + " the database clock: that node very likely writes its JVM''s local time (a"
                    + " ShedLock node without usingDbTime() in a time zone ahead of UTC), so"
                    + " TimerLock"
                    + " nodes are locked out for that long after each of its runs, and it takes"
                    + " locks"
                    + " TimerLock nodes hold. Switch the ShedLock nodes to usingDbTime()"
                    + " (JdbcTemplateLockProvider) or start them with -Duser.timezone=UTC (see"
                    + " migration-from-shedlock.md). Warned once per lock."),
            Printable.of(storedName),
            where.get(),
            Printable.of(owner),
            table.lockedAt(),
            hoursAndMinutes(ahead));
  }

  /** To the nearest minute: the row was written a few seconds before it was read. */
  static String hoursAndMinutes(Duration d) {
    Duration rounded = d.plusSeconds(30).truncatedTo(ChronoUnit.MINUTES);
    return rounded.toHours() + " h " + rounded.toMinutesPart() + " min";
  }
}
