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
}
