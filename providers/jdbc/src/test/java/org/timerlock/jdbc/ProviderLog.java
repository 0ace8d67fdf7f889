package org.timerlock.jdbc;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** What {@link JdbcLockProvider} logs during each test, through the JDK logging it reaches. */
final class ProviderLog extends Handler implements BeforeEachCallback, AfterEachCallback {

  private final Logger jul = Logger.getLogger(JdbcLockProvider.class.getName());
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();

  /** The records so far, oldest first. */
  List<LogRecord> records() {
    return List.copyOf(records);
  }

  /** The messages so far, oldest first. */
  List<String> messages() {
    return records.stream().map(LogRecord::getMessage).toList();
  }

  /** Forgets the records so far, for a test that checks the log of each of its steps. */
  void clear() {
    records.clear();
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    records.clear();
    jul.addHandler(this);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    jul.removeHandler(this);
  }

  @Override
  public void publish(LogRecord record) {
    records.add(record);
  }

  @Override
  public void flush() {}

  @Override
  public void close() {}
}
