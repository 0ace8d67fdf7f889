package org.timerlock.example.it;

import org.timerlock.servertests.TwoNodeRedisTests;

/** Two WildFly nodes locking in Redis: the nodes are the ones arquillian.xml defines. */
class TwoNodeRedisIT extends TwoNodeRedisTests {}
