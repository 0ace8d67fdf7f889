package org.timerlock.servertests;

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

/**
 * A {@code @SchedulerLock} with a duration that does not parse stops the deployment. A server
 * module runs it with a subclass; where the server does not report the failure to the deployer, the
 * subclass tells how it sees the failure and where the server says why ({@link #deployAndReport}).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public abstract class InvalidLockTests {

  /** The deployment's name. */
  protected static final String BAD = "bad-lock";

  /** Deploys {@value #BAD}. */
  @ArquillianResource protected Deployer deployer;

  @Deployment(name = BAD, managed = false, testable = false)
  @TargetsContainer("node1")
  static WebArchive badLockApp() {
    return Deployments.exampleApp(BAD).addClass(BadLockJob.class);
  }

  /**
   * Deploys {@value #BAD}, checks that the deployment failed, and returns what the server said
   * about it. By default the deployer must throw, and the report is the chain of exceptions.
   *
   * @return the text to look for TimerLock's message in
   * @throws Exception when the server's report cannot be read
   */
  protected String deployAndReport() throws Exception {
    Exception failure = assertThrows(Exception.class, () -> deployer.deploy(BAD));
    StringBuilder all = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      all.append(t).append('\n');
    }
    return all.toString();
  }

  /**
   * Whether a text holds TimerLock's message: the class, the method, the member and the value.
   *
   * @param text the text
   * @return whether it names all four
   */
  protected static boolean namesTheBadLock(String text) {
    return text.contains(BadLockJob.class.getName() + ".nightly()")
        && text.contains("'banana'")
        && text.contains("lockAtMostFor");
  }

  @Test
  public void deploymentFailsNamingClassMethodAndValue() throws Exception {
    String report = deployAndReport();
    assertTrue(
        namesTheBadLock(report),
        "the failure names the class, the method, the member and the value: " + report);
  }
}
