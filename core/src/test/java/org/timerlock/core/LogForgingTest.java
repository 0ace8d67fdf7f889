package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A lock name with a line break cannot forge a log line or split a message. */
class LogForgingTest {

  @Test
  void theSkipWarningAndTheStoreFailurePrintTheNameEscaped() throws Exception {
    FailingStore store = new FailingStore(new InMemoryLockProvider());
    store.failAcquire = true;
    RecordingListener listener = new RecordingListener();
    String forged = "job\nSEVERE: the database was dropped";
    List<String> lines;
    try (CapturedLog log = new CapturedLog(DefaultLockingTaskExecutor.class)) {
      new DefaultLockingTaskExecutor(store, StoreFailurePolicy.SKIP, List.of(listener))
          .executeWithLock(() -> null, LockConfiguration.of(forged, Duration.ofMinutes(1)));
      lines = log.lines;
    }

    assertThat(lines).hasSize(1);
    assertThat(lines.get(0))
        .contains("'job\\nSEVERE: the database was dropped'")
        .doesNotContain("\n");
  }
}
