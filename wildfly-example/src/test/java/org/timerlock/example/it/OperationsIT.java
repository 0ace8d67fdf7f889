package org.timerlock.example.it;

import org.timerlock.servertests.OperationsTests;

/** Pause, run now, drain and catch-up on two WildFly nodes sharing a PostgreSQL lock table. */
class OperationsIT extends OperationsTests {}
