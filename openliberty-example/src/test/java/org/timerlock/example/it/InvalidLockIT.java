package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.timerlock.servertests.InvalidLockTests;

/**
 * Open Liberty (node1) refuses the application with the invalid lock annotation: the adapter's
 * {@code DeploymentException} carries the server's exception chain, and {@code messages.log} says
 * the same.
 */
class InvalidLockIT extends InvalidLockTests {

  @Override
  protected String deployAndReport() throws Exception {
    long logSize = Files.size(LibertyDeployments.messagesLog("node1"));
    String chain = super.deployAndReport();
    assertTrue(namesTheBadLock(chain), "the deployment failure says why: " + chain);
    // The server writes the log on its own threads: read it until it says so, or 30 s have passed.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    String logged = loggedSince(logSize);
    while (!namesTheBadLock(logged) && System.nanoTime() < deadline) {
      Thread.sleep(200);
      logged = loggedSince(logSize);
    }
    return logged;
  }

  private static String loggedSince(long offset) throws IOException {
    byte[] log = Files.readAllBytes(LibertyDeployments.messagesLog("node1"));
    return new String(log, (int) offset, log.length - (int) offset, StandardCharsets.UTF_8);
  }
}
