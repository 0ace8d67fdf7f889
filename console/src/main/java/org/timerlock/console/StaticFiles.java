package org.timerlock.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * The page, its script and its style, read from the jar once. They live outside {@code
 * META-INF/resources} on purpose: the server would serve those to anyone, without the console's
 * login and headers.
 */
final class StaticFiles {

  /**
   * One file.
   *
   * @param contentType its type, with the charset
   * @param body its text
   */
  record File(String contentType, String body) {}

  private static final Map<String, File> FILES =
      Map.of(
          "/", load("index.html", "text/html;charset=UTF-8"),
          "/console.js", load("console.js", "text/javascript;charset=UTF-8"),
          "/console.css", load("console.css", "text/css;charset=UTF-8"));

  private StaticFiles() {}

  static Optional<File> file(String path) {
    return Optional.ofNullable(FILES.get(path));
  }

  private static File load(String name, String contentType) {
    try (InputStream in = StaticFiles.class.getResourceAsStream("static/" + name)) {
      if (in == null) {
        throw new IllegalStateException("TimerLock console: static/" + name + " missing from jar");
      }
      return new File(contentType, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
