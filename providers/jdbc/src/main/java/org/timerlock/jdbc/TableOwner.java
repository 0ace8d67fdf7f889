package org.timerlock.jdbc;

/**
 * Who owns the lock table, as the lock statements resolve its name, and who the connection acts as:
 * read once, so that a table another role created is not adopted without a word.
 *
 * @param schema the table's schema
 * @param table the table name as stored
 * @param owner the role that owns the table
 * @param user the role the connection acts as
 */
record TableOwner(String schema, String table, String owner, String user) {
  boolean isUser() {
    return owner.equals(user);
  }

  /**
   * The first sentences of the warning about a table another role owns, the same for the lock table
   * and the history table.
   *
   * @param kind what the table is for, capitalised: "Lock" or "History"
   * @param source where the connection comes from, as the store names it
   * @param statements which statements the owner's triggers would run on
   */
  String foreignOwnerWarning(String kind, String source, String statements) {
    return kind
        + " table "
        + schema
        + "."
        + table
        + " is owned by role '"
        + owner
        + "', not by '"
        + user
        + "', the user TimerLock connects as ("
        + source
        + "). Its owner can alter or drop it and add triggers that run as '"
        + user
        + "' on "
        + statements
        + ". Unless '"
        + owner
        + "' is meant to own it, drop it and let TimerLock create it";
  }
}
