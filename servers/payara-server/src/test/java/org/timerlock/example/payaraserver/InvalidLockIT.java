package org.timerlock.example.payaraserver;

import org.timerlock.servertests.InvalidLockTests;

/**
 * Payara Server refuses the application with the invalid lock annotation: the deployment through
 * the admin port fails, and the adapter passes on the server's reason, which names the bad lock.
 */
class InvalidLockIT extends InvalidLockTests {}
