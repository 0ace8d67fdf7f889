package org.timerlock.example.payaraserver;

import org.timerlock.servertests.TwoNodePostgresTests;

/** Two Payara Server domains locking in Postgres: the domains are the ones arquillian.xml names. */
class TwoNodePostgresIT extends TwoNodePostgresTests {}
