package org.timerlock.jdbc;

import java.sql.SQLException;
import org.timerlock.core.spi.Printable;

/**
 * A write was refused because a newer lock holder has already written to the same resource: the
 * caller's lock expired while it ran. Roll the transaction back; the work belongs to the new holder
 * now.
 */
public final class StaleFencingTokenException extends SQLException {

  private static final long serialVersionUID = 1L;

  /** The SQLState of this refusal: a transaction rollback class. */
  public static final String SQL_STATE = "40TL1";

  private final String resource;
  private final long token;

  StaleFencingTokenException(String table, String resource, long token) {
    super(
        JdbcMessage.STALE_FENCING_TOKEN.text(
            "Write to '"
                + Printable.shortened(resource)
                + "' refused: fencing token "
                + token
                + " is older than the latest one recorded in "
                + table
                + "; the lock expired while the task ran and another node has taken over"),
        SQL_STATE);
    this.resource = resource;
    this.token = token;
  }

  /**
   * The resource whose write was refused.
   *
   * @return the resource name given to {@link JdbcFence#check}
   */
  public String resource() {
    return resource;
  }

  /**
   * The stale token.
   *
   * @return the token that was refused
   */
  public long token() {
    return token;
  }
}
