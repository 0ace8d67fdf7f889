/**
 * The lock SPI and the executor that runs a task only while holding a named lock.
 *
 * <p>A {@link org.timerlock.core.LockProvider} takes a named lock in a shared store and answers
 * with a {@link org.timerlock.core.SimpleLock}, or with nothing when another node holds the name.
 * The {@link org.timerlock.core.DefaultLockingTaskExecutor} runs a task under such a lock and skips
 * it, never waits, when the lock is held elsewhere. This package depends on the JDK only.
 */
package org.timerlock.core;
