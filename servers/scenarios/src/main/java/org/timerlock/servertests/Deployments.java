package org.timerlock.servertests;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.jboss.shrinkwrap.api.Node;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * Test deployments are the example WAR exactly as the build packaged it (TimerLock's jars in
 * WEB-INF/lib, its configuration file), plus the probes a test needs and a few extra settings.
 *
 * <p>The server module's build tells where things are, in system properties of the test JVM: {@code
 * app.war} (the packaged example) and {@code test.libs} (a directory of jars a deployment may add).
 */
public final class Deployments {

  /** The example's MicroProfile Config file inside the WAR. */
  public static final String CONFIG = "WEB-INF/classes/META-INF/microprofile-config.properties";

  private Deployments() {}

  /**
   * The packaged example application under another name.
   *
   * @param name the deployment's name, without {@code .war}
   * @return the archive
   */
  public static WebArchive exampleApp(String name) {
    return packagedWar("app.war", name);
  }

  /**
   * A WAR the build packaged, named by a system property of the test JVM, under another name: for a
   * server module's tests of an application of its own.
   *
   * @param property the system property holding the WAR's path
   * @param name the deployment's name, without {@code .war}
   * @return the archive
   */
  public static WebArchive packagedWar(String property, String name) {
    String path = System.getProperty(property);
    if (path == null) {
      throw new IllegalStateException("the system property " + property + " (a WAR) is not set");
    }
    File war = new File(path);
    if (!war.isFile()) {
      throw new IllegalStateException(war + " is missing: run the package phase first");
    }
    return ShrinkWrap.create(ZipImporter.class, name + ".war").importFrom(war).as(WebArchive.class);
  }

  /**
   * Sets entries of the application's {@code microprofile-config.properties}, replacing the
   * application's own value of the same key.
   *
   * @param war the archive
   * @param lines {@code key=value} lines
   * @return the archive
   */
  public static WebArchive withConfig(WebArchive war, String... lines) {
    Set<String> keys = new HashSet<>();
    for (String line : lines) {
      keys.add(line.substring(0, line.indexOf('=')).trim());
    }
    StringBuilder config = new StringBuilder();
    for (String line : read(war.get(CONFIG)).split("\n")) {
      int eq = line.indexOf('=');
      if (line.startsWith("#") || eq < 0 || !keys.contains(line.substring(0, eq).trim())) {
        config.append(line).append('\n');
      }
    }
    for (String line : lines) {
      config.append(line).append('\n');
    }
    war.delete(CONFIG);
    war.add(new StringAsset(config.toString()), CONFIG);
    return war;
  }

  /**
   * A library from {@code target/test-libs}, copied there by the build.
   *
   * @param fileName e.g. {@code postgresql.jar}
   * @return the file
   */
  public static File testLib(String fileName) {
    File file = new File(System.getProperty("test.libs", "target/test-libs"), fileName);
    if (!file.isFile()) {
      throw new IllegalStateException(file + " is missing: run the pre-integration-test phase");
    }
    return file;
  }

  private static String read(Node node) {
    if (node == null || node.getAsset() == null) {
      return "";
    }
    try (InputStream in = node.getAsset().openStream()) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      in.transferTo(out);
      return out.toString(StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
