/**
 * Seeing and steering the locks in a store, for operators: list them page by page, look one up, and
 * release one that a crashed or stuck node left behind.
 *
 * <p>It is an optional capability of a provider: {@link org.timerlock.core.LockProvider#admin()}
 * returns a {@link org.timerlock.core.admin.LockAdmin} when the provider has one (the in-memory,
 * JDBC and Redis providers do). Every time and every "held now" comes from the store's clock, as
 * the lock statements see it, never from this JVM's.
 */
package org.timerlock.core.admin;
