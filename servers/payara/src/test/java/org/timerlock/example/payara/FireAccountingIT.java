package org.timerlock.example.payara;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.timerlock.servertests.FireAccountingTests;
import org.timerlock.servertests.ServerLog;

/**
 * Every fire accounted for on two Payara Micro nodes, read from the log each node writes with
 * {@code --logtofile} (see arquillian.xml), which a restarted node appends to. Payara scans every
 * class of the WAR's jars at deployment: a clean deployment also logs no line about a class of an
 * API Payara Micro lacks (Micrometer, OpenTelemetry, MicroProfile Health), whoever refers to it.
 */
class FireAccountingIT extends FireAccountingTests {

  private static final List<String> OPTIONAL_APIS =
      List.of("io.micrometer", "io.opentelemetry", "org.eclipse.microprofile.health");

  @Override
  protected ServerLog serverLog(String node) {
    // Payara names the file as java.util.logging's FileHandler does: the current one ends in .0.
    return ServerLog.payara(Path.of(System.getProperty("payara.dir"), node + ".log.0"));
  }

  @Override
  protected List<String> deploymentWarnings(ServerLog log, long mark) {
    List<String> warnings = new ArrayList<>(super.deploymentWarnings(log, mark));
    warnings.addAll(log.missingClassWarningsSince(mark, OPTIONAL_APIS));
    return warnings;
  }
}
