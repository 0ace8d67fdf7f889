package org.timerlock.example.it;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The WARs the tests deploy: the example as the build packaged it, or with classes added. */
final class Deployments {

  private Deployments() {}

  /**
   * The example application as packaged.
   *
   * @return the WAR file
   */
  static Path exampleApp() {
    Path war = Path.of(System.getProperty("app.war", "target/timerlock-glassfish-example.war"));
    if (!Files.isRegularFile(war)) {
      throw new IllegalStateException(war + " is missing: run the package phase first");
    }
    return war;
  }

  /**
   * The example application with classes added, written next to it.
   *
   * @param name the new WAR's name, without {@code .war}
   * @param classes the classes to add
   * @return the WAR file
   */
  static Path exampleAppWith(String name, Class<?>... classes) {
    Path source = exampleApp();
    WebArchive archive =
        ShrinkWrap.create(ZipImporter.class, name + ".war")
            .importFrom(source.toFile())
            .as(WebArchive.class)
            .addClasses(classes);
    File target = source.resolveSibling(name + ".war").toFile();
    archive.as(ZipExporter.class).exportTo(target, true);
    return target.toPath();
  }
}
