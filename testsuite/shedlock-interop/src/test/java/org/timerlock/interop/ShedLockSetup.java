package org.timerlock.interop;

import java.util.EnumSet;
import java.util.Set;
import org.timerlock.teststores.StoreKind;

/**
 * The ShedLock set-ups on Maven Central a team may be running, as the migration page names them.
 */
enum ShedLockSetup {
  JDBC_TEMPLATE_DB_TIME("`shedlock-provider-jdbc-template` 7.10.1 with `usingDbTime()`"),
  JDBC_TEMPLATE_JVM_TIME("`shedlock-provider-jdbc-template` 7.10.1 without `usingDbTime()`"),
  JDBC_PLAIN("`shedlock-provider-jdbc` 6.9.2"),
  REDIS_SAFE_UPDATE("`shedlock-provider-redis-spring` 7.10.1 with `safeUpdate(true)`"),
  REDIS_DEFAULT("`shedlock-provider-redis-spring` 7.10.1 without `safeUpdate` (default `false`)");

  private final String label;

  ShedLockSetup(String label) {
    this.label = label;
  }

  /** The first cell of the set-up's rows on the migration page. */
  String label() {
    return label;
  }

  Set<StoreKind> stores() {
    return name().startsWith("REDIS")
        ? EnumSet.of(StoreKind.REDIS)
        : EnumSet.of(StoreKind.POSTGRES, StoreKind.MARIADB);
  }
}
