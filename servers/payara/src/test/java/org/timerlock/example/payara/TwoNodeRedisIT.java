package org.timerlock.example.payara;

import org.timerlock.servertests.TwoNodeRedisTests;

/** Two Payara Micro nodes locking in Redis: the nodes are the ones arquillian.xml defines. */
class TwoNodeRedisIT extends TwoNodeRedisTests {}
