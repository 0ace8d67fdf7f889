package org.timerlock.example.it;

import org.timerlock.servertests.OperationsTests;

/** Pause, run now, drain and catch-up on two Open Liberty nodes sharing a PostgreSQL lock table. */
class OperationsIT extends OperationsTests {}
