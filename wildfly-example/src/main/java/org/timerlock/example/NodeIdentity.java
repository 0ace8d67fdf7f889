package org.timerlock.example;

import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.eclipse.microprofile.config.ConfigProvider;

/** The name this node shows in executions and logs: the same rule TimerLock uses for owners. */
@ApplicationScoped
public class NodeIdentity {

  private final String name;

  /** Reads {@code timerlock.node-id}, else WildFly's node name, else the host name. */
  public NodeIdentity() {
    this.name =
        ConfigProvider.getConfig()
            .getOptionalValue("timerlock.node-id", String.class)
            .orElseGet(() -> System.getProperty("jboss.node.name", hostName()));
  }

  /**
   * This node's name.
   *
   * @return e.g. {@code node1}
   */
  public String name() {
    return name;
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }
}
