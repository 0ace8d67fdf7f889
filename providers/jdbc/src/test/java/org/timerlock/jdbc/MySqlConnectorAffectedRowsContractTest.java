package org.timerlock.jdbc;

/**
 * The contract through MySQL Connector/J on MariaDB with {@code useAffectedRows=true}: an upsert
 * that leaves a held row as it was counts 0, one that takes it over 2.
 */
class MySqlConnectorAffectedRowsContractTest extends MySqlConnectorOnMariaDbContractTest {
  @Override
  String properties() {
    return "?useAffectedRows=true";
  }
}
