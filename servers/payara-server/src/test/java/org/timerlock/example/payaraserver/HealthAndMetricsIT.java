package org.timerlock.example.payaraserver;

import org.timerlock.servertests.OtlpHealthAndMetricsTests;

/**
 * TimerLock's readiness check and meters on Payara Server 6, on node1: MicroProfile Health at
 * {@code /health/ready} on the domain's HTTP port, the meters over OTLP to the test's collector
 * (see the module's POM for the exporter's settings).
 */
class HealthAndMetricsIT extends OtlpHealthAndMetricsTests {}
