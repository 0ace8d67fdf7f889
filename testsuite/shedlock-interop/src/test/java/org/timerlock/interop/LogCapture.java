package org.timerlock.interop;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/** The WARNING lines one logger writes while open, as the JDK logging formats them. */
final class LogCapture extends Handler implements AutoCloseable {

  private final Logger logger;
  private final List<String> warnings = new CopyOnWriteArrayList<>();
  private final SimpleFormatter formatter = new SimpleFormatter();

  LogCapture(Class<?> loggingClass) {
    logger = Logger.getLogger(loggingClass.getName());
    logger.addHandler(this);
  }

  List<String> warnings() {
    return List.copyOf(warnings);
  }

  @Override
  public void publish(LogRecord record) {
    if (record.getLevel() == Level.WARNING) {
      warnings.add(formatter.formatMessage(record));
    }
  }

  @Override
  public void flush() {}

  @Override
  public void close() {
    logger.removeHandler(this);
  }
}
