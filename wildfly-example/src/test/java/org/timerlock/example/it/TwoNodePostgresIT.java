package org.timerlock.example.it;

import org.timerlock.servertests.TwoNodePostgresTests;

/** Two WildFly nodes locking in Postgres: the nodes are the ones arquillian.xml defines. */
class TwoNodePostgresIT extends TwoNodePostgresTests {}
