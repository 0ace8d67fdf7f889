package org.timerlock.example.payara;

import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.timerlock.servertests.SingleNodeTests;

/** One Payara Micro node on its default datasource, Payara's H2 of this instance. */
class SingleNodeIT extends SingleNodeTests {

  @Deployment
  @TargetsContainer("node1")
  static WebArchive deployment() {
    return singleNodeApp().addClass(SingleNodeIT.class);
  }
}
