package org.timerlock.core.spi;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stable code of a kind of message TimerLock writes: every deployment problem, every WARNING
 * and ERROR log line and every exception message it throws to users starts with one, as in {@code
 * TIMERLOCK-301 <message>}, so that an operator can search for it and look it up in the
 * troubleshooting page. Each module owns one hundred-block and defines its codes in one enum
 * implementing this interface: core 1xx, the CDI extension 2xx, the JDBC provider 3xx, the Redis
 * provider 4xx.
 */
public interface MessageCode {

  /** A message that starts with a code: the code, a space, the rest. */
  Pattern CODED = Pattern.compile("(TIMERLOCK-\\d{3}) (.*)", Pattern.DOTALL);

  /**
   * The number of the code, within its module's hundred-block.
   *
   * @return e.g. 301
   */
  int number();

  /**
   * The code as messages and the troubleshooting page write it.
   *
   * @return e.g. {@code TIMERLOCK-301}
   */
  default String code() {
    return "TIMERLOCK-" + number();
  }

  /**
   * A message of this kind.
   *
   * @param message the message, naming the class, method, key or value at fault
   * @return the code, a space, and the message
   */
  default String text(String message) {
    return code() + " " + message;
  }

  /**
   * A coded message with where it happened put in front of its text; its code stays first, so that
   * a problem reported in a wider context keeps the one format.
   *
   * @param context e.g. {@code "@SchedulerLock on Jobs.run(): "}
   * @param message a message, normally starting with its code
   * @return {@code TIMERLOCK-nnn <context><text>}, or the context and message when the message has
   *     no code
   */
  static String inContext(String context, String message) {
    Matcher coded = CODED.matcher(String.valueOf(message));
    return coded.matches() ? coded.group(1) + " " + context + coded.group(2) : context + message;
  }

  /**
   * The text of a message without its code, for a message that becomes part of a message with a
   * code of its own.
   *
   * @param message a message, normally starting with its code
   * @return the message without its code
   */
  static String withoutCode(String message) {
    Matcher coded = CODED.matcher(String.valueOf(message));
    return coded.matches() ? coded.group(2) : message;
  }
}
