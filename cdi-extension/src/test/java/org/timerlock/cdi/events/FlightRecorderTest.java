package org.timerlock.cdi.events;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.internal.jfr.RecordedLockProvider;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;

/**
 * A Flight Recorder recording shows the acquisition, the hold and the release of a locked call that
 * ran, and the skip of one that found the lock held elsewhere, each with its lock name.
 */
class FlightRecorderTest {

  static final String LOCK = "jfr-recorded-job";

  @ApplicationScoped
  static class RecordedJob {
    @SchedulerLock(name = LOCK, lockAtMostFor = "1m")
    public String run() {
      return "ran";
    }
  }

  /**
   * Without a recording the provider's lock comes back as it is, no event made; a recording started
   * later sees the next attempt.
   */
  @Test
  void withoutRecordingLocksPassThroughUnrecorded() {
    LockProvider recorded = RecordedLockProvider.wrap(new InMemoryLockProvider());
    LockConfiguration config =
        new LockConfiguration("jfr-pass-through", Duration.ofMinutes(1), Duration.ZERO);

    SimpleLock plain = recorded.tryLock(config).lock().orElseThrow();
    plain.unlock();
    assertThat(plain.getClass().getEnclosingClass()).isNotEqualTo(RecordedLockProvider.class);

    try (Recording recording = new Recording()) {
      recording.enable("org.timerlock.Acquire");
      recording.start();
      SimpleLock watched = recorded.tryLock(config).lock().orElseThrow();
      watched.unlock();
      assertThat(watched.getClass().getEnclosingClass()).isEqualTo(RecordedLockProvider.class);
    }
  }

  @Test
  @TimerLockTest(beans = {SharedStore.class, RecordedJob.class})
  void recordsAcquireHoldReleaseAndSkip(RecordedJob job) throws IOException {
    Path file = Files.createTempFile("timerlock", ".jfr");
    try (Recording recording = new Recording()) {
      for (String event : List.of("Acquire", "Skip", "Release", "LockHeld", "StoreFailure")) {
        recording.enable("org.timerlock." + event);
      }
      recording.start();
      assertThat(job.run()).isEqualTo("ran");
      SimpleLock other = SharedStore.otherNodeTakes(LOCK);
      assertThat(job.run()).as("skipped while another node holds the lock").isNull();
      other.unlock();
      recording.stop();
      recording.dump(file);

      List<RecordedEvent> events =
          RecordingFile.readAllEvents(file).stream()
              .filter(e -> LOCK.equals(e.getString("lockName")))
              .toList();
      assertThat(events)
          .extracting(e -> e.getEventType().getName())
          .contains(
              "org.timerlock.Acquire",
              "org.timerlock.LockHeld",
              "org.timerlock.Release",
              "org.timerlock.Skip");
      assertThat(events)
          .filteredOn(e -> e.getEventType().getName().equals("org.timerlock.Acquire"))
          .extracting(e -> e.getString("outcome"))
          .containsExactly("ACQUIRED", "HELD_ELSEWHERE");
      assertThat(events)
          .filteredOn(e -> e.getEventType().getName().equals("org.timerlock.Skip"))
          .extracting(e -> e.getString("reason"))
          .containsExactly("HELD_ELSEWHERE");
    } finally {
      Files.deleteIfExists(file);
    }
  }
}
