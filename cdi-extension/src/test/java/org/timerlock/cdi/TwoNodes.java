package org.timerlock.cdi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Two containers, {@code node-a} and {@code node-b}, with the same beans and configuration on one
 * store ({@link SharedStore}): two nodes of a cluster. Shut down after each test.
 */
final class TwoNodes implements AfterEachCallback {

  private final List<WeldContainer> nodes = new ArrayList<>();

  /**
   * Starts both nodes.
   *
   * @param config the configuration of both
   * @param beans the application's beans
   * @return the two containers, {@code node-a} first
   */
  List<WeldContainer> start(Map<String, String> config, Class<?>... beans) {
    Deployments.useConfig(config);
    for (String id : new String[] {"node-a", "node-b"}) {
      nodes.add(Deployments.weld(beans).containerId(id).initialize());
    }
    return List.copyOf(nodes);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    nodes.forEach(WeldContainer::shutdown);
    nodes.clear();
    Deployments.releaseConfig();
  }
}
