package org.timerlock.jdbc;

import org.timerlock.core.spi.Printable;

/**
 * A name from the application (a lock name, a fenced resource) as a message quotes it: escaped with
 * {@link Printable}, so that it cannot forge a log line, and cut after {@value #SHOWN} characters,
 * so that a huge one does not flood the log.
 */
final class PrintedName {

  static final int SHOWN = 100;

  private PrintedName() {}

  static String of(String name) {
    if (name == null) {
      return Printable.of(null);
    }
    int length = name.codePointCount(0, name.length());
    return Printable.of(
        length <= SHOWN ? name : name.substring(0, name.offsetByCodePoints(0, SHOWN)) + "...");
  }
}
