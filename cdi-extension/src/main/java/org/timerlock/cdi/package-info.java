/**
 * {@link org.timerlock.cdi.SchedulerLock}: run EJB timers and CDI business methods at most once at
 * a time across a cluster, configured with MicroProfile Config and validated at deployment.
 *
 * <p>Add {@code timerlock-cdi} and a provider module ({@code timerlock-jdbc} or {@code
 * timerlock-redis}) to the application; the interceptor is enabled by its priority, with no
 * beans.xml entry. Inject {@link org.timerlock.cdi.LockedTasks} or {@link
 * org.timerlock.core.LockingTaskExecutor} to lock tasks programmatically, and observe {@link
 * org.timerlock.cdi.LockEvent} to follow what the locks do.
 */
package org.timerlock.cdi;
