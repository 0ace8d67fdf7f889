package org.timerlock.example.it;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The application's OpenTelemetry metrics as a server's log shows them: Liberty has no endpoint
 * that serves an application's own meters, so node1's OpenTelemetry SDK exports them to its log
 * ({@code otel.metrics.exporter=console}), one line per metric and export, e.g. {@code metric:
 * ImmutableMetricData{..., name=timerlock.lock.acquired, ..., points=[ImmutableLongPointData{...,
 * attributes={timerlock.lock.name="cache-refresh"}, value=7, ...}], ...}}. The exports are
 * cumulative: a metric's latest line holds its current value. The log is read from where the
 * previous read stopped, up to its last complete line, so a line the server is still writing is
 * never taken for a whole one.
 */
final class LoggedMetrics {

  private static final Pattern POINT =
      Pattern.compile("attributes=\\{([^}]*)}, value=(-?[0-9][0-9.Ee+-]*)");
  private static final Pattern ATTRIBUTE =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_.]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  private final Path log;
  private final Map<String, String> latest = new HashMap<>();
  private long readUpTo;

  LoggedMetrics(Path log) {
    this.log = log;
  }

  /**
   * The sum of a metric's points that have these attributes, in its latest export so far.
   *
   * @param metric the metric's OpenTelemetry name, e.g. {@code timerlock.lock.acquired}
   * @param attributes attribute name to value, all of which a point must have
   * @return the sum; 0 before the metric's first export
   */
  synchronized double sum(String metric, Map<String, String> attributes) {
    readNewLines();
    String line = latest.get(metric);
    if (line == null) {
      return 0;
    }
    double sum = 0;
    Matcher point = POINT.matcher(line);
    while (point.find()) {
      Map<String, String> present = new HashMap<>();
      Matcher attribute = ATTRIBUTE.matcher(point.group(1));
      while (attribute.find()) {
        present.put(attribute.group(1), attribute.group(2));
      }
      if (present.entrySet().containsAll(attributes.entrySet())) {
        sum += Double.parseDouble(point.group(2));
      }
    }
    return sum;
  }

  private void readNewLines() {
    try (RandomAccessFile in = new RandomAccessFile(log.toFile(), "r")) {
      long length = in.length();
      if (length < readUpTo) {
        throw new IllegalStateException(
            log + " is shorter than at the previous read: the server started it afresh");
      }
      byte[] bytes = new byte[Math.toIntExact(length - readUpTo)];
      in.seek(readUpTo);
      in.readFully(bytes);
      int complete = lastLineEnd(bytes);
      readUpTo += complete;
      String text = new String(bytes, 0, complete, StandardCharsets.UTF_8);
      for (String line : text.split("\r?\n")) {
        String name = metricName(line);
        if (name != null) {
          latest.put(name, line);
        }
      }
    } catch (IOException e) {
      if (!Files.exists(log)) {
        return;
      }
      throw new UncheckedIOException(e);
    }
  }

  /** How many bytes up to and including the last line break. */
  private static int lastLineEnd(byte[] bytes) {
    for (int i = bytes.length - 1; i >= 0; i--) {
      if (bytes[i] == '\n') {
        return i + 1;
      }
    }
    return 0;
  }

  /** The metric an exporter's line is about, or null for any other line. */
  private static String metricName(String line) {
    int data = line.indexOf("metric: ImmutableMetricData{");
    if (data < 0) {
      return null;
    }
    // The instrumentation scope comes first and has a name= of its own: the metric's follows it.
    int scopeEnd = line.indexOf("}, name=", data);
    if (scopeEnd < 0) {
      return null;
    }
    int start = scopeEnd + "}, name=".length();
    int end = line.indexOf(',', start);
    return end < 0 ? null : line.substring(start, end);
  }
}
