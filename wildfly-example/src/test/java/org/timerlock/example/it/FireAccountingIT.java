package org.timerlock.example.it;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.timerlock.servertests.FireAccountingTests;
import org.timerlock.servertests.ServerLog;
import org.timerlock.servertests.TwoNodeTests;

/**
 * Every fire accounted for on two WildFly nodes: each node's {@code server.log} is in its own base
 * directory, and node1's Micrometer registry exports the missed-fire counter at {@code /prometheus}
 * on its management port (see {@link HealthAndMetricsIT}).
 */
class FireAccountingIT extends FireAccountingTests {

  @Override
  protected ServerLog serverLog(String node) {
    return ServerLog.wildFly(Path.of(System.getProperty("nodes.dir"), node, "log", "server.log"));
  }

  @Override
  protected Optional<URI> prometheus() {
    return Optional.of(URI.create("http://127.0.0.1:9990/prometheus"));
  }

  /** WildFly's registry tags every meter of an application with its deployment. */
  @Override
  protected Map<String, String> applicationLabels() {
    return Map.of("WF_DEPLOYMENT", TwoNodeTests.APP + ".war");
  }
}
