package org.timerlock.example.payara;

import org.timerlock.servertests.TwoNodeScheduledMethodTests;

/**
 * Two Payara Micro 7 nodes (Concurrency 3.1) calling an {@code @Asynchronous(runAt = ...)} method
 * on its schedule, with the lock in PostgreSQL: the nodes are the ones arquillian.xml defines.
 */
class TwoNodeScheduledMethodIT extends TwoNodeScheduledMethodTests {}
