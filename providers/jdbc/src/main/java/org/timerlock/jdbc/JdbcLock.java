package org.timerlock.jdbc;

import java.lang.System.Logger.Level;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.RunEnd;
import org.timerlock.core.RunKind;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.spi.Printable;
import org.timerlock.jdbc.JdbcStore.Statements;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * One acquisition by a {@link JdbcLockProvider}: release and extend match its owner value, so that
 * they never touch a lock another node took after this one expired. Where the table has the columns
 * of the last run, the release statement records the run in them, and in the history when it is on.
 */
final class JdbcLock implements SimpleLock {

  /** The provider's logger: operators follow one logger for everything the provider does. */
  private static final System.Logger LOG = System.getLogger(JdbcLockProvider.class.getName());

  private final JdbcStore store;
  private final JdbcHistory history;
  private final String name;
  private final String owner;
  private final Duration atLeastFor;
  private final Long fencingToken;
  private final Long fire;
  private final RunKind kind;
  private final boolean recordsRuns;
  private final boolean recordsKind;

  /**
   * @param fire the fire the acquisition serves, epoch milliseconds; null for a plain call
   * @param kind what started the run, recorded by the release
   * @param recordsRuns whether the table has the columns of the last run
   * @param recordsKind whether it also has the kind column
   */
  JdbcLock(
      JdbcStore store,
      JdbcHistory history,
      String name,
      String owner,
      Duration atLeastFor,
      Long fencingToken,
      Long fire,
      RunKind kind,
      boolean recordsRuns,
      boolean recordsKind) {
    this.store = store;
    this.history = history;
    this.name = name;
    this.owner = owner;
    this.atLeastFor = atLeastFor;
    this.fencingToken = fencingToken;
    this.fire = fire;
    this.kind = kind;
    this.recordsRuns = recordsRuns;
    this.recordsKind = recordsKind;
  }

  /** Releases as a run that succeeded: the caller had nothing else to tell. */
  @Override
  public void unlock() {
    unlock(RunEnd.succeeded());
  }

  @Override
  public void unlock(RunEnd end) {
    store.execute(
        "release",
        name,
        connection -> {
          Statements s = store.statements(connection);
          SqlStatement release =
              !recordsRuns
                  ? s.release()
                  : recordsKind ? s.releaseRecordingRunAndKind() : s.releaseRecordingRun();
          Values values =
              new Values(s.dialect().storedName(name), owner, null, atLeastFor, fire, end, kind);
          try {
            if (recordsRuns && history.enabled()) {
              history.releaseRecording(connection, s.dialect(), release, values);
            } else {
              try (PreparedStatement ps = connection.prepareStatement(release.sql())) {
                release.bind(ps, values);
                ps.executeUpdate();
              }
            }
          } catch (SQLException e) {
            if (!s.dialect().isMissingTable(e)) {
              throw e;
            }
            JdbcStore.rollbackIfInTransaction(connection);
            LOG.log(
                Level.DEBUG, () -> "Lock table gone while '" + Printable.of(name) + "' was held");
          }
          return null;
        });
  }

  @Override
  public Optional<SimpleLock> extend(Duration atMostFor, Duration atLeastFor) {
    LockConfiguration checked =
        LockConfiguration.of(name, Duration.ofMinutes(1)).withDurations(atMostFor, atLeastFor);
    boolean extended =
        store.execute(
            "extend",
            name,
            connection -> {
              Statements s = store.statements(connection);
              Values values =
                  new Values(
                      s.dialect().storedName(name),
                      owner,
                      checked.lockAtMostFor(),
                      checked.lockAtLeastFor());
              try (PreparedStatement ps = connection.prepareStatement(s.extend().sql())) {
                s.extend().bind(ps, values);
                if (ps.executeUpdate() == 1) {
                  return true;
                }
                // Unchanged (an extension in the acquisition's millisecond) may count 0.
                return s.dialect().countsChangedRowsOnly()
                    && AcquireStrategy.queryRow(
                            connection, s.selectLive(), values, AcquireMode.LEASE_ONLY)
                        != null;
              } catch (SQLException e) {
                if (!s.dialect().isMissingTable(e)) {
                  throw e;
                }
                JdbcStore.rollbackIfInTransaction(connection);
                return false;
              }
            });
    return extended
        ? Optional.of(
            new JdbcLock(
                store,
                history,
                name,
                owner,
                atLeastFor,
                fencingToken,
                fire,
                kind,
                recordsRuns,
                recordsKind))
        : Optional.empty();
  }

  @Override
  public OptionalLong fencingToken() {
    return fencingToken == null ? OptionalLong.empty() : OptionalLong.of(fencingToken);
  }

  @Override
  public String toString() {
    return "JDBC lock '" + Printable.of(name) + "' held by " + owner;
  }
}
