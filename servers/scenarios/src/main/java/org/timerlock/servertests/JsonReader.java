package org.timerlock.servertests;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON a server answers into maps, lists, strings and the literals as text: enough for a
 * health report, and no JSON library on the test's class path.
 */
final class JsonReader {

  private final String text;
  private int at;

  private JsonReader(String text) {
    this.text = text;
  }

  /**
   * Parses a JSON document.
   *
   * @param text the document
   * @return a {@link Map} for an object, a {@link List} for an array, a {@link String} for a
   *     string, a number or a literal
   */
  static Object parse(String text) {
    JsonReader reader = new JsonReader(text);
    Object value = reader.value();
    reader.skipSpace();
    if (reader.at != text.length()) {
      throw reader.error("end of the document");
    }
    return value;
  }

  private Object value() {
    skipSpace();
    if (at >= text.length()) {
      throw error("a value");
    }
    char c = text.charAt(at);
    if (c == '{') {
      return object();
    }
    if (c == '[') {
      return array();
    }
    if (c == '"') {
      return string();
    }
    int start = at;
    while (at < text.length() && ",}] \t\r\n".indexOf(text.charAt(at)) < 0) {
      at++;
    }
    if (start == at) {
      throw error("a value");
    }
    return text.substring(start, at);
  }

  private Map<String, Object> object() {
    Map<String, Object> object = new LinkedHashMap<>();
    expect('{');
    skipSpace();
    if (peek('}')) {
      at++;
      return object;
    }
    do {
      skipSpace();
      String key = string();
      skipSpace();
      expect(':');
      object.put(key, value());
      skipSpace();
    } while (next(','));
    expect('}');
    return object;
  }

  private List<Object> array() {
    List<Object> array = new ArrayList<>();
    expect('[');
    skipSpace();
    if (peek(']')) {
      at++;
      return array;
    }
    do {
      array.add(value());
      skipSpace();
    } while (next(','));
    expect(']');
    return array;
  }

  private String string() {
    expect('"');
    StringBuilder out = new StringBuilder();
    while (at < text.length() && text.charAt(at) != '"') {
      char c = text.charAt(at++);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (at >= text.length()) {
        break;
      }
      char escaped = text.charAt(at++);
      switch (escaped) {
        case 'n' -> out.append('\n');
        case 't' -> out.append('\t');
        case 'r' -> out.append('\r');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
          at += 4;
        }
        default -> out.append(escaped);
      }
    }
    expect('"');
    return out.toString();
  }

  private void skipSpace() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
  }

  private boolean peek(char c) {
    return at < text.length() && text.charAt(at) == c;
  }

  private boolean next(char c) {
    if (peek(c)) {
      at++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!next(c)) {
      throw error("'" + c + "'");
    }
  }

  private IllegalArgumentException error(String expected) {
    return new IllegalArgumentException(
        "JsonReader: expected " + expected + " at offset " + at + " of: " + text);
  }
}
