package org.timerlock.example.it;

import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.timerlock.servertests.TwoNodeRedisTests;

/** Two Open Liberty nodes locking in Redis: the nodes are the ones arquillian.xml defines. */
class TwoNodeRedisIT extends TwoNodeRedisTests {

  @AfterAll
  static void removeTheKilledNodesApplication() throws IOException {
    LibertyDeployments.removeClusterAppFromNode2();
  }
}
