/**
 * The MicroProfile Health readiness check of the lock store, registered only when the application
 * has the MicroProfile Health API. See {@link org.timerlock.cdi.internal.health.ReadinessCheck}.
 */
package org.timerlock.cdi.internal.health;
