package org.timerlock.servertests;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.timerlock.teststores.IsolatedDatabase;

/**
 * Two nodes with their locks in PostgreSQL, in the table {@code shedlock} of the same JTA
 * DataSource the jobs record their runs through.
 */
public abstract class TwoNodePostgresTests extends TwoNodeTests {

  private static final IsolatedDatabase DB = ExecutionsTable.create(TwoNodePostgresTests.class);

  @Deployment(name = "app-node1", managed = false, testable = false)
  @TargetsContainer("node1")
  static WebArchive onNode1() {
    return app(DB, "timerlock.jdbc.datasource=" + Recorder.DATASOURCE);
  }

  @Deployment(name = "app-node2", managed = false, testable = false)
  @TargetsContainer("node2")
  static WebArchive onNode2() {
    return app(DB, "timerlock.jdbc.datasource=" + Recorder.DATASOURCE);
  }

  @Override
  IsolatedDatabase database() {
    return DB;
  }

  /** The provider keeps its times in UTC, in columns without a time zone. */
  private static Instant utc(LocalDateTime time) {
    return time.toInstant(ZoneOffset.UTC);
  }

  @Override
  LockView lock(String name) throws Exception {
    try (Connection c = DB.connect();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT locked_at, lock_until, locked_by,"
                    + " lock_until > timezone('UTC', statement_timestamp())"
                    + " FROM shedlock WHERE name = ?")) {
      s.setString(1, name);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          fail("no row for " + name + " in shedlock");
        }
        return new LockView(
            r.getString(3),
            r.getBoolean(4),
            utc(r.getObject(2, LocalDateTime.class)),
            Optional.of(utc(r.getObject(1, LocalDateTime.class))));
      }
    }
  }
}
