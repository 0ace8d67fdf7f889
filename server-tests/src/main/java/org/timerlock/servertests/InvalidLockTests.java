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
 * module runs it with a subclass; where the server does not put the cause into the deployment
 * failure, the subclass reads it from the server's log ({@link #report}).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public abstract class InvalidLockTests {

  /** The deployment's name. */
  protected static final String BAD = "bad-lock";

  @ArquillianResource Deployer deployer;

  @Deployment(name = BAD, managed = false, testable = false)
  @TargetsContainer("node1")
  static WebArchive badLockApp() {
    return Deployments.exampleApp(BAD).addClass(BadLockJob.class);
  }

  /**
   * What the server tells about the failed deployment: by default the failure's chain of
   * exceptions.
   *
   * @param failure what {@code Deployer.deploy} threw
   * @return the text to look for TimerLock's message in
   * @throws Exception when the server's report cannot be read
   */
  protected String report(Exception failure) throws Exception {
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
    Exception failure = assertThrows(Exception.class, () -> deployer.deploy(BAD));
    String report = report(failure);
    assertTrue(
        namesTheBadLock(report),
        "the failure names the class, the method, the member and the value: " + report);
  }
}
