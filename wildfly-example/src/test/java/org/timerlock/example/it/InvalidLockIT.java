package org.timerlock.example.it;

import org.timerlock.servertests.InvalidLockTests;

/** WildFly refuses the application with the invalid lock annotation, saying why. */
class InvalidLockIT extends InvalidLockTests {}
