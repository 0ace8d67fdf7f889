package org.timerlock.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The one format of coded messages, also when a message is reported inside a wider one. */
class MessageCodeTest {

  private static final MessageCode CODE = () -> 301;

  @Test
  void aMessageStartsWithItsCode() {
    assertThat(CODE.code()).isEqualTo("TIMERLOCK-301");
    assertThat(CODE.text("Cannot acquire lock 'a'"))
        .isEqualTo("TIMERLOCK-301 Cannot acquire lock 'a'");
  }

  @Test
  void aContextGoesAfterTheCode() {
    assertThat(MessageCode.inContext("@SchedulerLock on Jobs.run(): ", CODE.text("no lock")))
        .isEqualTo("TIMERLOCK-301 @SchedulerLock on Jobs.run(): no lock");
  }

  @Test
  void aMessageWithoutCodeGetsTheContextInFront() {
    assertThat(MessageCode.inContext("TimerLock: ", "broken")).isEqualTo("TimerLock: broken");
    assertThat(MessageCode.inContext("TimerLock: ", null)).isEqualTo("TimerLock: null");
  }

  @Test
  void theCodeCanBeTakenOff() {
    assertThat(MessageCode.withoutCode(CODE.text("the pool size must be at least 1")))
        .isEqualTo("the pool size must be at least 1");
    assertThat(MessageCode.withoutCode("it is blank")).isEqualTo("it is blank");
  }

  @Test
  void aMultiLineMessageKeepsItsLines() {
    assertThat(MessageCode.inContext("ctx: ", CODE.text("one\ntwo")))
        .isEqualTo("TIMERLOCK-301 ctx: one\ntwo");
  }
}
