package org.timerlock.example.payara;

import org.timerlock.servertests.OtlpHealthAndMetricsTests;

/**
 * TimerLock's readiness check and meters on Payara Micro 7: MicroProfile Health at {@code
 * /health/ready}, the meters over OTLP to the test's collector (see the module's POM for the
 * exporter's settings).
 */
class HealthAndMetricsIT extends OtlpHealthAndMetricsTests {}
