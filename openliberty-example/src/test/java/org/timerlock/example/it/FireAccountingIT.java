package org.timerlock.example.it;

import org.timerlock.servertests.FireAccountingTests;
import org.timerlock.servertests.ServerLog;

/**
 * Every fire accounted for on two Open Liberty nodes, read from each node's {@code messages.log}.
 * Liberty has no endpoint that exports an application's own meters, so the missed-fire counter is
 * not read here.
 */
class FireAccountingIT extends FireAccountingTests {

  @Override
  protected ServerLog serverLog(String node) {
    return ServerLog.openLiberty(LibertyDeployments.messagesLog(node));
  }
}
