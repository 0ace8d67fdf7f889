package org.timerlock.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.timerlock.core.RunKind;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.RunRecord;

class RowJsonTest {

  @Test
  void aMegabyteErrorTextIsCutToTheBoundAndItsCodeKept() {
    String huge = "TIMERLOCK-301 <img src=x onerror=alert(1)>" + "x".repeat(1 << 20);
    RunRecord run =
        new RunRecord(
            null,
            "node-1",
            Instant.EPOCH,
            Instant.EPOCH.plusSeconds(2),
            RunOutcome.FAILED,
            RunKind.SCHEDULED,
            "java.lang.IllegalStateException",
            huge);
    Json json = new Json();

    RowJson.run(json, run);

    assertThat(json.toString().length()).isLessThan(2 * RowJson.MAX_TEXT);
    assertThat(json.toString())
        .contains("\"errorCode\":\"TIMERLOCK-301\"")
        .contains("\"durationMillis\":2000")
        .contains("(" + huge.length() + " characters)")
        .doesNotContain("<img");
  }

  @Test
  void aRowCarriesTheFencingTokenOfItsLatestAcquisitionOrNull() {
    LockInfo taken =
        new LockInfo("billing", "node-1/x", Instant.EPOCH, Instant.EPOCH.plusSeconds(60), true)
            .withFencingToken(1_732_000_000_123_456L);
    LockInfo shedLock = new LockInfo("legacy", "host-1", Instant.EPOCH, Instant.EPOCH, false);

    Json withToken = new Json();
    RowJson.write(withToken, new LockRow("billing", null, taken, null));
    Json without = new Json();
    RowJson.write(without, new LockRow("legacy", null, shedLock, null));

    assertThat(withToken.toString()).contains("\"fencingToken\":1732000000123456");
    assertThat(without.toString()).contains("\"fencingToken\":null");
  }

  @Test
  void findsNoCodeWhereThereIsNone() {
    assertThat(RowJson.codeOf("connection refused")).isNull();
    assertThat(RowJson.codeOf(null)).isNull();
  }
}
