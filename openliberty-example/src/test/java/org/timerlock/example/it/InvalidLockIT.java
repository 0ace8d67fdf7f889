package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.spi.client.container.DeploymentException;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A {@code @SchedulerLock} whose duration does not parse stops the deployment. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class InvalidLockIT {

  private static final String BAD = "bad-lock";

  @Deployment(name = BAD, managed = false, testable = false)
  static WebArchive deployment() {
    return Deployments.exampleApp(BAD).addClass(BadLockJob.class);
  }

  @ArquillianResource Deployer deployer;

  @Test
  void deploymentFailsNamingClassMethodAndValue() throws Exception {
    long logSize = Files.size(Deployments.messagesLog());
    // The adapter reports the application's failure to start with the server's exception chain.
    DeploymentException failure =
        assertThrows(DeploymentException.class, () -> deployer.deploy(BAD));
    StringBuilder chain = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      chain.append(t).append('\n');
    }
    assertTrue(
        names(chain.toString()),
        "the failure names the class, the method, the member and the value: " + chain);
    // The server writes the log on its own threads: read it until it says so, or 30 s have passed.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    String logged = loggedSince(logSize);
    while (!names(logged) && System.nanoTime() < deadline) {
      Thread.sleep(200);
      logged = loggedSince(logSize);
    }
    assertTrue(names(logged), "messages.log says the same: " + logged);
  }

  private static String loggedSince(long offset) throws IOException {
    byte[] log = Files.readAllBytes(Deployments.messagesLog());
    return new String(log, (int) offset, log.length - (int) offset, StandardCharsets.UTF_8);
  }

  private static boolean names(String text) {
    return text.contains(
        "@SchedulerLock on "
            + BadLockJob.class.getName()
            + ".hourly(): lockAtMostFor of the annotation = \"banana\"");
  }
}
