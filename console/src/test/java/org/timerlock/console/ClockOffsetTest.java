package org.timerlock.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPage;

/** This node's clock against the store's, from one read of the store's time. */
class ClockOffsetTest {

  private static final Instant STORE_NOW = Instant.parse("2030-01-01T12:00:00Z");

  /** A store whose clock says {@link #STORE_NOW}, and whose read takes a given time. */
  private static LockAdmin storeAt(AtomicLong nanos, Duration readTakes) {
    return new LockAdmin() {
      @Override
      public Optional<Instant> storeTime() {
        nanos.addAndGet(readTakes.toNanos());
        return Optional.of(STORE_NOW);
      }

      @Override
      public LockPage list(String cursor, int limit) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Optional<LockInfo> find(String name) {
        throw new UnsupportedOperationException();
      }

      @Override
      public boolean release(String name, String owner) {
        throw new UnsupportedOperationException();
      }
    };
  }

  private static ClockOffset measure(Instant nodeNow, Duration readTakes) {
    AtomicLong nanos = new AtomicLong();
    LongSupplier ticker = nanos::get;
    return ClockOffset.measure(
            storeAt(nanos, readTakes), Clock.fixed(nodeNow, ZoneOffset.UTC), ticker)
        .orElseThrow();
  }

  @Test
  void theOffsetIsTheStoresTimeAgainstThisNodesHalfwayThroughTheRead() {
    // Sent at 11:59:59.800, answered after 400 ms: the store read its clock at about 12:00:00.000.
    ClockOffset same = measure(STORE_NOW.minusMillis(200), Duration.ofMillis(400));

    assertThat(same.offset()).isZero();
    assertThat(same.roundTrip()).isEqualTo(Duration.ofMillis(400));
    assertThat(same.beyondBound()).isFalse();
  }

  @Test
  void anOffsetBeyondTheBoundIsFlaggedOnlyWhenTheRoundTripCannotExplainIt() {
    ClockOffset behind = measure(STORE_NOW.plusSeconds(5), Duration.ofMillis(10));
    assertThat(behind.offset()).isEqualTo(Duration.ofMillis(-5005));
    assertThat(behind.beyondBound()).as("the store 5 s behind").isTrue();

    ClockOffset slowRead = measure(STORE_NOW.minusMillis(1500), Duration.ofSeconds(2));
    assertThat(slowRead.offset()).isEqualTo(Duration.ofMillis(500));
    assertThat(slowRead.beyondBound()).as("within the read's own uncertainty").isFalse();

    ClockOffset ahead = measure(STORE_NOW.minusSeconds(3), Duration.ofSeconds(2));
    assertThat(ahead.offset()).isEqualTo(Duration.ofSeconds(2));
    assertThat(ahead.beyondBound()).as("2 s ahead, known to within 1 s").isFalse();

    ClockOffset farAhead = measure(STORE_NOW.minusSeconds(4), Duration.ofSeconds(2));
    assertThat(farAhead.beyondBound()).as("3 s ahead, known to within 1 s").isTrue();
  }

  @Test
  void aStoreThatCannotTellItsTimeHasNoOffset() {
    LockAdmin silent =
        new LockAdmin() {
          @Override
          public LockPage list(String cursor, int limit) {
            return new LockPage(List.of(), null);
          }

          @Override
          public Optional<LockInfo> find(String name) {
            return Optional.empty();
          }

          @Override
          public boolean release(String name, String owner) {
            return false;
          }
        };

    assertThat(ClockOffset.measure(silent, Clock.systemUTC(), System::nanoTime)).isEmpty();
  }

  @Test
  void theInMemoryStoreSharesThisJvmsClock() {
    LockAdmin admin = new InMemoryLockProvider("node-a").admin().orElseThrow();

    ClockOffset offset =
        ClockOffset.measure(admin, Clock.systemUTC(), System::nanoTime).orElseThrow();

    assertThat(offset.beyondBound()).as(offset.toString()).isFalse();
  }
}
