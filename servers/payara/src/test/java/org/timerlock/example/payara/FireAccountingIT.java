package org.timerlock.example.payara;

import java.nio.file.Path;
import org.timerlock.servertests.FireAccountingTests;
import org.timerlock.servertests.ServerLog;

/**
 * Every fire accounted for on two Payara Micro nodes, read from the log each node writes with
 * {@code --logtofile} (see arquillian.xml). The missed-fire counter is not read here: the build
 * reads TimerLock's meters from a server's export on WildFly only.
 */
class FireAccountingIT extends FireAccountingTests {

  @Override
  protected ServerLog serverLog(String node) {
    return ServerLog.glassFish(Path.of(System.getProperty("payara.dir"), node + ".log"));
  }
}
