package org.timerlock.example.payara;

import org.timerlock.servertests.OperationsTests;

/**
 * Pause, run now, drain and catch-up on two Payara Micro nodes sharing a PostgreSQL lock table. The
 * adapter stops a node's server when it undeploys its application, so the drain is checked through
 * the server's own shutdown.
 */
class OperationsIT extends OperationsTests {}
