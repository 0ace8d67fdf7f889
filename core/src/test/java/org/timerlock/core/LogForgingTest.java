package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.MessageFormat;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** A lock name with a line break cannot forge a log line or split a message. */
class LogForgingTest {

  @Test
  void theSkipWarningAndTheStoreFailurePrintTheNameEscaped() throws Exception {
    List<String> lines = new CopyOnWriteArrayList<>();
    Handler handler =
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
    Logger jul = Logger.getLogger(DefaultLockingTaskExecutor.class.getName());
    jul.addHandler(handler);
    FailingStore store = new FailingStore(new InMemoryLockProvider());
    store.failAcquire = true;
    RecordingListener listener = new RecordingListener();
    String forged = "job\nSEVERE: the database was dropped";
    try {
      new DefaultLockingTaskExecutor(store, StoreFailurePolicy.SKIP, List.of(listener))
          .executeWithLock(() -> null, LockConfiguration.of(forged, Duration.ofMinutes(1)));
    } finally {
      jul.removeHandler(handler);
    }

    assertThat(lines).hasSize(1);
    assertThat(lines.get(0))
        .contains("'job\\nSEVERE: the database was dropped'")
        .doesNotContain("\n");
  }
}
