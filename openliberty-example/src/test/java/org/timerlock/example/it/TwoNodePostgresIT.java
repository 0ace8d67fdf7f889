package org.timerlock.example.it;

import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.timerlock.servertests.TwoNodePostgresTests;

/** Two Open Liberty nodes locking in Postgres: the nodes are the ones arquillian.xml defines. */
class TwoNodePostgresIT extends TwoNodePostgresTests {

  @AfterAll
  static void removeTheKilledNodesApplication() throws IOException {
    LibertyDeployments.removeClusterAppFromNode2();
  }
}
