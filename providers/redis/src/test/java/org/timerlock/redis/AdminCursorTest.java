package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.teststores.RedisNamespace;
import org.timerlock.teststores.TestStores;

/**
 * A cursor that the Redis lock admin did not make is refused with a message that quotes it escaped
 * and shortened: it comes from a caller (a query parameter of a locks endpoint, say), so it must
 * not forge log lines or fill them.
 */
class AdminCursorTest {

  private static final RedisNamespace REDIS = TestStores.redisNamespace(AdminCursorTest.class);
  private static final RedisLockProvider PROVIDER =
      RedisLockProvider.builder().uri(REDIS.uri()).keyPrefix(REDIS.keyPrefix()).build();

  @AfterAll
  static void close() {
    PROVIDER.close();
  }

  private static LockAdmin admin() {
    return PROVIDER.admin().orElseThrow();
  }

  @Test
  void aForeignCursorIsQuotedEscapedAndShortened() {
    String forged = "0:1\nTIMERLOCK-000 forged line\r\u0000\u2028" + "x".repeat(5_000);
    assertThatThrownBy(() -> admin().list(forged, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'0:1\\nTIMERLOCK-000 forged line\\r\\u0000\\u2028xxx")
        .hasMessageContaining("is not a cursor of the Redis lock admin")
        .satisfies(
            e -> {
              assertThat(e.getMessage()).doesNotContain("\n", "\r", "\u0000", "\u2028");
              assertThat(e.getMessage().length()).as("message length").isLessThan(300);
            });
  }

  @Test
  void aCursorOfAMasterThatIsGoneIsQuoted() {
    assertThatThrownBy(() -> admin().list("7:0", 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'7:0' names a Redis master that is no longer there");
  }
}
