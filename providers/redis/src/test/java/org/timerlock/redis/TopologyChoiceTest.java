package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The builder takes exactly one kind of Redis; choosing the same kind again replaces it. */
class TopologyChoiceTest {

  @Test
  void noneChosen() {
    assertThatThrownBy(() -> RedisLockProvider.builder().build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "TIMERLOCK-404 no Redis was configured: choose exactly one of a URI (standalone),"
                + " Sentinel, Cluster or a client");
  }

  @Test
  void twoKindsChosen() {
    assertThatThrownBy(
            () ->
                RedisLockProvider.builder()
                    .uri("redis://a")
                    .cluster("b:7000")
                    .uri("redis://c")
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("TIMERLOCK-404 more than one Redis was configured");
  }

  @Test
  void theSameKindAgainReplacesIt() {
    try (RedisLockProvider provider =
        RedisLockProvider.builder()
            .uri("redis://first:6379")
            .uri("redis://second:6380/1")
            .build()) {
      assertThat(provider.description())
          .isEqualTo("Redis at second:6380 (database 1), keys job-lock:default:<name>");
    }
    try (RedisLockProvider provider =
        RedisLockProvider.builder().cluster("a:7000").cluster("b:7001").build()) {
      assertThat(provider.description()).startsWith("Redis Cluster via b:7001");
    }
  }

  @Test
  void aBadUriIsReportedWithoutItsPassword() {
    assertThatThrownBy(() -> RedisLockProvider.builder().uri("redis://user:secret@host:0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("TIMERLOCK-404 the Redis URI <host:0, the rest not shown>: ")
        .hasMessageEndingWith("; expected " + RedisUri.ACCEPTED)
        .hasMessageNotContaining("secret");
  }
}
