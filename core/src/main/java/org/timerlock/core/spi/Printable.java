package org.timerlock.core.spi;

/**
 * Text from configuration or code made safe to print in a log line or message: a lock name with a
 * line break must not forge a second log line. Control characters and Unicode line and paragraph
 * separators become Java escapes ({@code \n}, {@code \u2028}); a backslash is doubled, so the
 * printed form tells the two apart. Everything else is kept as it is.
 */
public final class Printable {

  /** How many characters (code points) of a long text {@link #shortened(String)} keeps. */
  public static final int SHORTENED_LENGTH = 100;

  private Printable() {}

  /**
   * The text made printable as by {@link #of(String)}, and cut to its first {@value
   * #SHORTENED_LENGTH} characters (code points, so no character is split) followed by {@code ...}
   * when it is longer: a lock name or key built from configuration can have thousands of
   * characters, and a message must stay readable whatever it names.
   *
   * @param text any text, or null
   * @return the printable, shortened form; {@code "null"} for null
   */
  public static String shortened(String text) {
    if (text == null || text.codePointCount(0, text.length()) <= SHORTENED_LENGTH) {
      return of(text);
    }
    return of(text.substring(0, text.offsetByCodePoints(0, SHORTENED_LENGTH))) + "...";
  }

  /**
   * The text with its control characters escaped.
   *
   * @param text any text, or null
   * @return the printable form; {@code "null"} for null
   */
  public static String of(String text) {
    if (text == null) {
      return "null";
    }
    if (!needsEscaping(text)) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 8);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (escaped(c)) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  private static boolean needsEscaping(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\' || escaped(c)) {
        return true;
      }
    }
    return false;
  }

  private static boolean escaped(char c) {
    return Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
  }
}
