/**
 * The JDBC lock provider: locks in a ShedLock-compatible table, taken with one upsert statement on
 * the database clock, over a JNDI DataSource or a HikariCP pool. See {@link
 * org.timerlock.jdbc.JdbcLockProvider} and {@link org.timerlock.jdbc.JdbcLockProviderFactory}.
 */
package org.timerlock.jdbc;
