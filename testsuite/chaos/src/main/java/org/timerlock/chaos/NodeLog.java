package org.timerlock.chaos;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A node's append-only event log. Every line goes to the file in one {@code write} call, with no
 * buffer in the JVM, so that a {@code kill -9} loses nothing that was logged before it.
 */
public final class NodeLog implements AutoCloseable {

  private final FileOutputStream out;

  /**
   * Opens (or creates) the log for appending.
   *
   * @param file the log file
   */
  public NodeLog(Path file) {
    try {
      this.out = new FileOutputStream(file.toFile(), true);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open " + file, e);
    }
  }

  /**
   * Writes one event.
   *
   * @param type the event type
   * @param keysAndValues field names and values, alternating; values are turned into text
   */
  public synchronized void event(String type, Object... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("Keys and values must alternate");
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      Object v = keysAndValues[i + 1];
      fields.put(String.valueOf(keysAndValues[i]), v == null ? null : String.valueOf(v));
    }
    byte[] line = (new EventLine(type, fields).format() + "\n").getBytes(StandardCharsets.UTF_8);
    try {
      out.write(line);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the node log", e);
    }
  }

  @Override
  public synchronized void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close the node log", e);
    }
  }
}
