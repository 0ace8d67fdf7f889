/**
 * The real stores TimerLock's own tests, benchmarks and chaos runs use. A shared store is found by
 * one rule: an environment variable, else a Testcontainers container when a Docker engine answers,
 * else the local default on 127.0.0.1; a store that cannot be reached fails the test with a message
 * saying how to provide one. A test class gets a namespace of its own on it ({@link
 * org.timerlock.teststores.TestStores}). What counts, restarts or kills its server starts one of
 * its own instead ({@link org.timerlock.teststores.StoreKind#privateServer()}).
 */
package org.timerlock.teststores;
