package org.timerlock.example.payara;

import org.timerlock.servertests.TwoNodePostgresTests;

/** Two Payara Micro nodes locking in Postgres: the nodes are the ones arquillian.xml defines. */
class TwoNodePostgresIT extends TwoNodePostgresTests {}
