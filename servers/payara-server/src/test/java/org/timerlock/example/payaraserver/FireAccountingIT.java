package org.timerlock.example.payaraserver;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.timerlock.servertests.FireAccountingTests;
import org.timerlock.servertests.ServerLog;

/**
 * Every fire accounted for on two Payara Server domains, read from each domain's {@code
 * logs/server.log} (the build turns its rotation off; a restarted domain appends to it). Payara
 * scans every class of the WAR's jars at deployment: a clean deployment also logs no line about a
 * class of an API the application does not see (Micrometer, OpenTelemetry, MicroProfile Health),
 * whoever refers to it.
 */
class FireAccountingIT extends FireAccountingTests {

  private static final List<String> OPTIONAL_APIS =
      List.of("io.micrometer", "io.opentelemetry", "org.eclipse.microprofile.health");

  @Override
  protected ServerLog serverLog(String node) {
    return ServerLog.payara(
        Path.of(System.getProperty("payara.home"), "glassfish/domains", node, "logs/server.log"));
  }

  @Override
  protected List<String> deploymentWarnings(ServerLog log, long mark) {
    List<String> warnings = new ArrayList<>(super.deploymentWarnings(log, mark));
    warnings.addAll(log.missingClassWarningsSince(mark, OPTIONAL_APIS));
    return warnings;
  }
}
