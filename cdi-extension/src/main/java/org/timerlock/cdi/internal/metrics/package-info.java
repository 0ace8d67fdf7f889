/**
 * Lock metrics in the registry the application's server offers: OpenTelemetry (MicroProfile
 * Telemetry) and Micrometer, each only when its API is on the application's class path. The names
 * follow OpenTelemetry's conventions; see {@link
 * org.timerlock.cdi.internal.metrics.LockEventMetrics}.
 */
package org.timerlock.cdi.internal.metrics;
