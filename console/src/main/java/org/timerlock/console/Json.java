package org.timerlock.console;

import java.time.Instant;

/**
 * A small JSON writer: objects and arrays written in order, every string escaped, so the console
 * needs no JSON library from the server. Commas are placed by the writer; a caller only opens,
 * writes and closes.
 */
final class Json {

  private final StringBuilder out = new StringBuilder(1024);
  private boolean needsComma;

  Json beginObject() {
    comma();
    out.append('{');
    needsComma = false;
    return this;
  }

  Json endObject() {
    out.append('}');
    needsComma = true;
    return this;
  }

  Json beginArray() {
    comma();
    out.append('[');
    needsComma = false;
    return this;
  }

  Json endArray() {
    out.append(']');
    needsComma = true;
    return this;
  }

  /** Writes a member name; the next value written is its value. */
  Json name(String name) {
    comma();
    string(name);
    out.append(':');
    needsComma = false;
    return this;
  }

  Json value(String text) {
    comma();
    if (text == null) {
      out.append("null");
    } else {
      string(text);
    }
    needsComma = true;
    return this;
  }

  Json value(Instant instant) {
    return value(instant == null ? null : instant.toString());
  }

  Json value(long number) {
    comma();
    out.append(number);
    needsComma = true;
    return this;
  }

  Json value(boolean flag) {
    comma();
    out.append(flag);
    needsComma = true;
    return this;
  }

  Json field(String name, String text) {
    return name(name).value(text);
  }

  Json field(String name, Instant instant) {
    return name(name).value(instant);
  }

  Json field(String name, long number) {
    return name(name).value(number);
  }

  /** A number that may be missing: {@code null} then. */
  Json field(String name, Long number) {
    return number == null ? name(name).value((String) null) : field(name, number.longValue());
  }

  Json field(String name, boolean flag) {
    return name(name).value(flag);
  }

  @Override
  public String toString() {
    return out.toString();
  }

  private void comma() {
    if (needsComma) {
      out.append(',');
    }
  }

  /**
   * A JSON string. Besides what JSON requires, {@code <}, {@code >} and {@code &} are escaped too,
   * and the line separators U+2028/U+2029, so that no text of a lock can close a script or markup
   * context even if the JSON were ever embedded in a page.
   */
  private void string(String text) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
