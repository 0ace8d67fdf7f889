package org.timerlock.core;

import java.text.MessageFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The lines a class logs while this is open, formatted as a server's log would print them. */
final class CapturedLog implements AutoCloseable {

  final List<String> lines = new CopyOnWriteArrayList<>();
  private final Logger logger;
  private final Handler handler =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          lines.add(MessageFormat.format(record.getMessage(), record.getParameters()));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  CapturedLog(Class<?> loggingClass) {
    logger = Logger.getLogger(loggingClass.getName());
    logger.addHandler(handler);
  }

  @Override
  public void close() {
    logger.removeHandler(handler);
  }
}
