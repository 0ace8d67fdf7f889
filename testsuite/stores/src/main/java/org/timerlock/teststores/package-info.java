/**
 * The real stores provider tests run against, found by one rule: an environment variable, else a
 * Testcontainers container when a Docker engine answers, else the local default on 127.0.0.1. A
 * store that cannot be reached fails the test with a message saying how to provide one.
 */
package org.timerlock.teststores;
