package org.timerlock.example.it;

import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.timerlock.servertests.SingleNodeTests;

/** One Open Liberty node on its default datasource, the in-memory H2 that server.xml defines. */
class SingleNodeIT extends SingleNodeTests {

  @Deployment
  @TargetsContainer("node1")
  static WebArchive deployment() {
    return singleNodeApp().addClass(SingleNodeIT.class);
  }
}
