package org.timerlock.cdi.storefailure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.ReportJob;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.LockException;

/**
 * A store that does not answer: skipped and published under {@code timerlock.store-failure=skip},
 * the default; thrown to the caller under {@code fail}. ReportJob's outer() and inner() share the
 * lock 'nested' on purpose.
 */
@TimerLockTest(
    beans = {ReportJob.class, FailingStoreProducer.class},
    config = "timerlock.lock.\"nested\".shared=true")
class StoreFailurePolicyTest {

  @Inject ReportJob job;

  @Test
  @TimerLockTest(beans = EventLog.class)
  void storeFailureSkipsAndPublishesByDefault(EventLog log) {
    assertThat(job.report()).as("skipped, not thrown").isNull();
    assertThat(job.runs()).isZero();
    List<LockEvent> events = log.of("report");
    assertThat(events).extracting(LockEvent::kind).containsExactly(Kind.STORE_FAILURE);
    assertThat(events.get(0).failure())
        .get()
        .isInstanceOf(LockException.class)
        .extracting(Throwable::getMessage)
        .isEqualTo("lock store at 127.0.0.1:1 refused the connection");
  }

  @Test
  @TimerLockTest(config = "timerlock.store-failure=fail")
  void storeFailureIsThrownInFailMode() {
    assertThatThrownBy(job::report)
        .isInstanceOf(LockException.class)
        .hasMessageContaining("127.0.0.1:1");
    assertThat(job.runs()).isZero();
  }
}
