package org.timerlock.servertests;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Samples of a Prometheus text export, as a server's metrics endpoint answers it. */
final class PrometheusText {

  private static final Pattern SAMPLE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})?\\s+(\\S+)(?:\\s+\\S+)?$");
  private static final Pattern LABEL =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  private PrometheusText() {}

  /**
   * The sum of a metric's samples that carry at least these labels.
   *
   * @param export the text export
   * @param name the sample name, e.g. {@code timerlock_lock_acquired_total}
   * @param labels label name to value, all of which a sample must have
   * @return the sum; 0 when no sample matches (a counter before its first increment)
   */
  static double sum(String export, String name, Map<String, String> labels) {
    double sum = 0;
    for (String line : export.split("\n")) {
      Matcher sample = SAMPLE.matcher(line.strip());
      if (line.startsWith("#") || !sample.matches() || !sample.group(1).equals(name)) {
        continue;
      }
      Map<String, String> present = new HashMap<>();
      Matcher label = LABEL.matcher(sample.group(2) == null ? "" : sample.group(2));
      while (label.find()) {
        present.put(label.group(1), label.group(2));
      }
      if (present.entrySet().containsAll(labels.entrySet())) {
        sum += Double.parseDouble(sample.group(3));
      }
    }
    return sum;
  }
}
