package org.timerlock.jdbc;

import org.timerlock.teststores.StoreKind;

class PostgresContractTest extends ServerContractBase {
  PostgresContractTest() {
    super(StoreKind.POSTGRES, "jdbc:postgresql://127.0.0.1:1/test?connectTimeout=1");
  }
}
