/**
 * How {@link org.timerlock.cdi.SchedulerLock} works; not an API. The portable extension resolves
 * and validates every lock at deployment, and the interceptor runs each call through the core
 * executor with those pre-resolved settings.
 */
package org.timerlock.cdi.internal;
