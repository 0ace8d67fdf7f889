package org.timerlock.chaos;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Writes maps, lists, text, numbers and booleans as indented JSON. */
final class Json {

  private Json() {}

  /**
   * The JSON text of a value.
   *
   * @param value a map with text keys, a list, text, a number, a boolean or null
   * @return the JSON
   */
  static String write(Object value) {
    StringBuilder sb = new StringBuilder();
    write(sb, value, "");
    return sb.append('\n').toString();
  }

  private static void write(StringBuilder sb, Object value, String indent) {
    if (value == null) {
      sb.append("null");
    } else if (value instanceof Number || value instanceof Boolean) {
      sb.append(value);
    } else if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        sb.append("{}");
        return;
      }
      String inner = indent + "  ";
      sb.append("{\n");
      Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator();
      while (it.hasNext()) {
        Map.Entry<?, ?> e = it.next();
        sb.append(inner);
        string(sb, String.valueOf(e.getKey()));
        sb.append(": ");
        write(sb, e.getValue(), inner);
        sb.append(it.hasNext() ? ",\n" : "\n");
      }
      sb.append(indent).append('}');
    } else if (value instanceof List<?> list) {
      if (list.isEmpty()) {
        sb.append("[]");
        return;
      }
      boolean flat = list.stream().allMatch(v -> v == null || v instanceof Number);
      if (flat) {
        sb.append('[');
        for (int i = 0; i < list.size(); i++) {
          sb.append(i == 0 ? "" : ", ").append(list.get(i));
        }
        sb.append(']');
        return;
      }
      String inner = indent + "  ";
      sb.append("[\n");
      for (int i = 0; i < list.size(); i++) {
        sb.append(inner);
        write(sb, list.get(i), inner);
        sb.append(i + 1 < list.size() ? ",\n" : "\n");
      }
      sb.append(indent).append(']');
    } else {
      string(sb, value.toString());
    }
  }

  private static void string(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }
}
