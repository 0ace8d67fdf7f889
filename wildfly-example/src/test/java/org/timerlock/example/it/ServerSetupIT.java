package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The test server is the one the build prepared: its own base directory and node name. */
@ExtendWith(ArquillianExtension.class)
class ServerSetupIT {

  @Deployment
  @TargetsContainer("node1")
  static WebArchive deployment() {
    return ShrinkWrap.create(WebArchive.class, "server-setup.war").addClass(ServerSetupIT.class);
  }

  @Test
  void runsOnNode1WithItsOwnBaseDirectory() {
    assertEquals("node1", System.getProperty("jboss.node.name"));
    assertEquals(
        java.nio.file.Path.of("nodes", "node1"),
        java.nio.file.Path.of(System.getProperty("jboss.server.base.dir"))
            .subpath(
                java.nio.file.Path.of(System.getProperty("jboss.server.base.dir")).getNameCount()
                    - 2,
                java.nio.file.Path.of(System.getProperty("jboss.server.base.dir")).getNameCount()));
  }
}
