package org.timerlock.example.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.timerlock.servertests.Deployments;
import org.timerlock.servertests.TwoNodeTests;

/**
 * Deployments of the Liberty example's own WAR, for what only the tests of this module check, and
 * the test servers' files.
 */
final class LibertyDeployments {

  private LibertyDeployments() {}

  /**
   * The Liberty example application as packaged, under another name.
   *
   * @param name the deployment's name, without {@code .war}
   * @return the archive
   */
  static WebArchive libertyApp(String name) {
    return Deployments.packagedWar("liberty.app.war", name);
  }

  /**
   * The Liberty example application as packaged, under another name, without its {@code
   * microprofile-config.properties}: every setting must come from the server's environment.
   *
   * @param name the deployment's name, without {@code .war}
   * @return the archive
   */
  static WebArchive libertyAppWithoutSettings(String name) {
    WebArchive archive = libertyApp(name);
    archive.delete(Deployments.CONFIG);
    return archive;
  }

  /**
   * A test server's {@code messages.log}.
   *
   * @param server the server's name
   * @return its path
   */
  static Path messagesLog(String server) {
    return serverDirectory(server).resolve("logs").resolve("messages.log");
  }

  /**
   * Removes the two-node test's application from node2's {@code dropins}, where the adapter put it.
   * The test kills node2 with the application deployed: left there, it would start again with the
   * server, before the next deployment of its own.
   *
   * @throws IOException when the file cannot be removed
   */
  static void removeClusterAppFromNode2() throws IOException {
    Files.deleteIfExists(
        serverDirectory("node2").resolve("dropins").resolve(TwoNodeTests.APP + ".war"));
  }

  private static Path serverDirectory(String server) {
    return Path.of(System.getProperty("wlp.home", "target/liberty/wlp"), "usr", "servers", server);
  }
}
