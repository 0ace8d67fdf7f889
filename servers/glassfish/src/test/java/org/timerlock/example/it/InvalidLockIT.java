package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.servertests.BadLockJob;

/** A {@code @SchedulerLock} whose duration does not parse stops the deployment. */
@ExtendWith(Servers.class)
class InvalidLockIT {

  private static final String APP = "bad-lock";

  @Test
  void deploymentFailsNamingClassMethodAndValue() {
    GlassFishDomain node = Servers.node(1);
    GlassFishDomain.Result result =
        node.deploy(Deployments.exampleAppWith(APP, BadLockJob.class), APP);
    assertFalse(result.succeeded(), "the deployment fails: " + result.output());
    assertTrue(
        result
            .output()
            .contains(
                "@SchedulerLock on "
                    + BadLockJob.class.getName()
                    + ".nightly(): lockAtMostFor of the annotation = \"banana\""),
        "asadmin deploy names the class, the method, the member and the value: " + result.output());
    assertFalse(
        node.admin("list-applications").contains(APP), "the failed application is not left");
  }
}
