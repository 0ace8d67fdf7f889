package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A {@code @SchedulerLock} with a duration that does not parse stops the deployment. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class InvalidLockIT {

  private static final String BAD = "bad-lock";

  @Deployment(name = BAD, managed = false, testable = false)
  @TargetsContainer("node1")
  static WebArchive deployment() {
    return Deployments.exampleApp(BAD).addClass(BadLockJob.class);
  }

  @ArquillianResource Deployer deployer;

  @Test
  void deploymentFailsNamingClassMethodAndValue() {
    Exception failure = assertThrows(Exception.class, () -> deployer.deploy(BAD));
    String messages = messages(failure);
    assertTrue(
        messages.contains(BadLockJob.class.getName() + ".nightly()")
            && messages.contains("'banana'")
            && messages.contains("lockAtMostFor"),
        "the failure names the class, the method, the member and the value: " + messages);
  }

  private static String messages(Throwable failure) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      all.append(t).append('\n');
    }
    return all.toString();
  }
}
