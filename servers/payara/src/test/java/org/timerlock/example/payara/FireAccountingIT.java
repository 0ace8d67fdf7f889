package org.timerlock.example.payara;

import java.nio.file.Path;
import org.timerlock.servertests.FireAccountingTests;
import org.timerlock.servertests.ServerLog;

/**
 * Every fire accounted for on two Payara Micro nodes, read from the log each node writes with
 * {@code --logtofile} (see arquillian.xml), which a restarted node appends to. The missed-fire
 * counter is not read here: the build reads TimerLock's meters from a server's export on WildFly
 * only.
 */
class FireAccountingIT extends FireAccountingTests {

  @Override
  protected ServerLog serverLog(String node) {
    // Payara names the file as java.util.logging's FileHandler does: the current one ends in .0.
    return ServerLog.glassFish(Path.of(System.getProperty("payara.dir"), node + ".log.0"));
  }
}
