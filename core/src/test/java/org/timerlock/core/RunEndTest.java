package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The error a release stores is the exception's, without secrets, escaped and bounded. */
class RunEndTest {

  @Test
  void credentialsAreMasked() {
    RunEnd end =
        RunEnd.failed(
            new IllegalStateException(
                "login to redis://default:hunter2@cache:6379 failed; password=swordfish,"
                    + " token: abc123 api-key=k9"));
    assertThat(end.outcome()).isEqualTo(RunOutcome.FAILED);
    assertThat(end.errorClass()).isEqualTo("java.lang.IllegalStateException");
    assertThat(end.errorMessage())
        .isEqualTo(
            "login to redis://default:***@cache:6379 failed; password=***, token: *** api-key=***");
  }

  @Test
  void controlCharactersAreEscapedAndLengthIsBounded() {
    RunEnd end = RunEnd.failed(new RuntimeException("line one\nline two\u2028" + "y".repeat(5000)));
    assertThat(end.errorMessage())
        .startsWith("line one\\nline two\\u2028yyy")
        .endsWith("...")
        .hasSize(RunEnd.MAX_MESSAGE_LENGTH);
  }

  @Test
  void aMessageMayBeAbsent() {
    assertThat(RunEnd.failed(new NullPointerException()).errorMessage()).isNull();
    assertThat(RunEnd.succeeded().errorClass()).isNull();
    assertThat(RunEnd.failed(new RuntimeException("x")).lockLost().outcome())
        .isEqualTo(RunOutcome.LOCK_LOST);
  }
}
