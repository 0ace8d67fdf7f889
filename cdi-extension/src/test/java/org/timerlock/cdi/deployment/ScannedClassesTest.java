package org.timerlock.cdi.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.internal.TimerLockExtension;

/**
 * What the annotation scanners of GlassFish and Payara do to TimerLock's jar at deployment, on a
 * server without MicroProfile Health, OpenTelemetry and Micrometer (this test's class path has none
 * of them): they load every class of the jar, and reflect over the fields, methods and constructors
 * of every class that carries an annotation. Each failure is a SEVERE line in the server's log,
 * although TimerLock works; so every class must load, and every annotated one must name no optional
 * API type in its members' signatures.
 */
class ScannedClassesTest {

  @Test
  void everyClassLoadsAndEveryAnnotatedOneReflectsWithoutTheOptionalApis() throws Exception {
    for (String api :
        List.of(
            "org.eclipse.microprofile.health.HealthCheck",
            "io.opentelemetry.api.OpenTelemetry",
            "io.micrometer.core.instrument.MeterRegistry")) {
      assertThatThrownBy(() -> Class.forName(api))
          .as(api + " must not be on this test class path")
          .isInstanceOf(ClassNotFoundException.class);
    }
    Path classes =
        Path.of(
            TimerLockExtension.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(f -> f.toString().endsWith(".class")).toList();
    }
    List<String> failures = new ArrayList<>();
    int reflected = 0;
    for (Path file : files) {
      String name =
          classes.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".");
      name = name.substring(0, name.length() - ".class".length());
      try {
        Class<?> type = Class.forName(name, false, TimerLockExtension.class.getClassLoader());
        if (annotated(file)) {
          type.getDeclaredFields();
          type.getDeclaredMethods();
          type.getDeclaredConstructors();
          reflected++;
        }
      } catch (ClassNotFoundException | LinkageError e) {
        failures.add(name + ": " + e);
      }
    }
    assertThat(failures).as("classes a scanner could not load or reflect over").isEmpty();
    assertThat(reflected).as("annotated classes reflected over").isGreaterThan(20);
  }

  /**
   * Whether the class file carries annotations, on the class or on a member: its constant pool then
   * names an annotations attribute.
   */
  private static boolean annotated(Path classFile) throws Exception {
    String bytes = new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1);
    return bytes.contains("RuntimeVisible") || bytes.contains("RuntimeInvisible");
  }
}
