package org.timerlock.jdbc;

import org.timerlock.teststores.StoreKind;

class MariaDbContractTest extends ServerContractBase {
  MariaDbContractTest() {
    super(StoreKind.MARIADB, "jdbc:mariadb://127.0.0.1:1/test?connectTimeout=1000");
  }
}
