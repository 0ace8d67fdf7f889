package org.timerlock.example.it;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Properties;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** Test deployments: the WAR the build packaged, with probes and settings added. */
final class Deployments {

  private static final String CONFIG = "WEB-INF/classes/META-INF/microprofile-config.properties";

  private Deployments() {}

  /**
   * The example application as packaged, under another name, with settings put over its own.
   *
   * @param name the deployment's name, without {@code .war}
   * @param settings {@code key=value} lines, each replacing the application's value of that key
   * @return the archive
   */
  static WebArchive exampleApp(String name, String... settings) {
    File war = new File(System.getProperty("app.war", "target/timerlock-openliberty-example.war"));
    if (!war.isFile()) {
      throw new IllegalStateException(war + " is missing: run the package phase first");
    }
    WebArchive archive =
        ShrinkWrap.create(ZipImporter.class, name + ".war").importFrom(war).as(WebArchive.class);
    Properties config = new Properties();
    try (InputStream in = archive.get(CONFIG).getAsset().openStream()) {
      config.load(in);
      for (String setting : settings) {
        config.load(new java.io.StringReader(setting));
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      config.store(out, "test settings");
      archive.delete(CONFIG);
      archive.add(new StringAsset(out.toString(StandardCharsets.ISO_8859_1)), CONFIG);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return archive;
  }

  /**
   * The example application as packaged, under another name, without its {@code
   * microprofile-config.properties}: every setting must come from the server's environment.
   *
   * @param name the deployment's name, without {@code .war}
   * @return the archive
   */
  static WebArchive exampleAppWithoutSettings(String name) {
    WebArchive archive = exampleApp(name);
    archive.delete(CONFIG);
    return archive;
  }

  /**
   * The test server's {@code messages.log}.
   *
   * @return its path
   */
  static Path messagesLog() {
    return Path.of(
        System.getProperty("wlp.home", "target/liberty/wlp"),
        "usr",
        "servers",
        System.getProperty("liberty.server", "timerlock"),
        "logs",
        "messages.log");
  }
}
