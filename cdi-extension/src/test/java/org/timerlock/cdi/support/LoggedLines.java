package org.timerlock.cdi.support;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/** What one logger writes while open, formatted as the JDK logging formats messages. */
public final class LoggedLines extends Handler implements AutoCloseable {

  private final Logger logger;
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final SimpleFormatter formatter = new SimpleFormatter();

  public LoggedLines(String loggerName) {
    logger = Logger.getLogger(loggerName);
    logger.addHandler(this);
  }

  /** Every line so far, oldest first. */
  public List<String> all() {
    return records.stream().map(formatter::formatMessage).toList();
  }

  /** The WARNING lines so far, oldest first. */
  public List<String> warnings() {
    return records.stream()
        .filter(r -> r.getLevel() == Level.WARNING)
        .map(formatter::formatMessage)
        .toList();
  }

  @Override
  public void publish(LogRecord record) {
    records.add(record);
  }

  @Override
  public void flush() {}

  @Override
  public void close() {
    logger.removeHandler(this);
  }
}
