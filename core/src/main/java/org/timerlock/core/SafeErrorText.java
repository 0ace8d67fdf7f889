package org.timerlock.core;

import java.util.regex.Pattern;
import org.timerlock.core.spi.Printable;

/**
 * An exception message made fit to be stored beside a lock and shown to operators: credentials
 * masked, control characters escaped, length bounded. Messages of JDBC drivers and HTTP clients
 * quote URLs with user and password often enough that storing them raw would leak secrets into a
 * table every node reads.
 */
final class SafeErrorText {

  /** {@code scheme://user:password@} in any URL. */
  private static final Pattern URL_CREDENTIALS = Pattern.compile("(://[^/\\s:@]*):[^/\\s@]*@");

  /** {@code password=...}, {@code secret: ...}, {@code token=...} and the like. */
  private static final Pattern SECRET_PAIRS =
      Pattern.compile(
          "(?i)\\b((?:password|passwd|pwd|secret|token|api[-_]?key|credentials?)\\s*[=:]\\s*)"
              + "[^\\s,;&)]+");

  private SafeErrorText() {}

  /**
   * The safe text.
   *
   * @param message an exception's message, may be null
   * @return the text, or null for a null message
   */
  static String of(String message) {
    if (message == null) {
      return null;
    }
    // Cut before masking and escaping too, so that a huge message costs little.
    String head =
        message.length() > RunEnd.MAX_MESSAGE_LENGTH * 4
            ? message.substring(0, RunEnd.MAX_MESSAGE_LENGTH * 4)
            : message;
    String masked =
        SECRET_PAIRS
            .matcher(URL_CREDENTIALS.matcher(head).replaceAll("$1:***@"))
            .replaceAll("$1***");
    String printable = Printable.of(masked);
    if (printable.length() <= RunEnd.MAX_MESSAGE_LENGTH) {
      return printable;
    }
    int cut = RunEnd.MAX_MESSAGE_LENGTH - 3;
    if (Character.isHighSurrogate(printable.charAt(cut - 1))) {
      cut--;
    }
    return printable.substring(0, cut) + "...";
  }
}
