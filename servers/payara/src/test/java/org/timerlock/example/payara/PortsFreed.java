package org.timerlock.example.payara;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Before each test class, waits until the HTTP ports of both nodes are free. The Payara Micro
 * adapter stops a node's server when the previous class undeploys its application, without waiting
 * for the process to end, and the server's stop waits for TimerLock's drain (the locked runs in
 * progress, up to {@code timerlock.shutdown.drain-timeout}): the next class's node would otherwise
 * start on a port the old server still holds, and fail to boot. Registered for every class of this
 * module through JUnit's extension auto-detection.
 */
public final class PortsFreed implements BeforeAllCallback {

  /** Longer than the drain's default timeout of 30 s plus a slow server's own stop. */
  private static final Duration DEADLINE = Duration.ofSeconds(180);

  @Override
  public void beforeAll(ExtensionContext context) throws InterruptedException {
    for (String node : new String[] {"node1", "node2"}) {
      int port = Integer.parseInt(System.getProperty(node + ".http.port"));
      long deadline = System.nanoTime() + DEADLINE.toNanos();
      while (!free(port)) {
        if (System.nanoTime() - deadline > 0) {
          throw new IllegalStateException(
              "port "
                  + port
                  + " of "
                  + node
                  + " is still taken "
                  + DEADLINE
                  + " after the"
                  + " previous test class: a server of it did not stop");
        }
        Thread.sleep(200);
      }
    }
  }

  /** Whether a server could listen on the port now, as the node's server will. */
  private static boolean free(int port) {
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
