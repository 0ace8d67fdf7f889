package org.timerlock.teststores;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreLocatorTest {

  @Test
  void environmentVariableWinsOverDockerAndDefault() {
    Map<String, String> env =
        Map.of(
            "TIMERLOCK_TEST_POSTGRES_URL", "jdbc:postgresql://db.example:6543/ci",
            "TIMERLOCK_TEST_POSTGRES_URL_USER", "ci",
            "TIMERLOCK_TEST_POSTGRES_URL_PASSWORD", "secret");
    StoreLocator locator =
        new StoreLocator(
            env::get,
            () -> {
              throw new AssertionError("Docker must not be asked when the variable is set");
            });

    StoreAddress address = locator.locate(StoreKind.POSTGRES);

    assertThat(address.url()).isEqualTo("jdbc:postgresql://db.example:6543/ci");
    assertThat(address.user()).isEqualTo("ci");
    assertThat(address.password()).isEqualTo("secret");
    assertThat(address.origin()).isEqualTo("from TIMERLOCK_TEST_POSTGRES_URL");
    assertThat(address.toString()).doesNotContain("secret");
  }

  @Test
  void withoutVariableOrDockerTheLocalDefaultIsUsed() {
    StoreLocator locator = new StoreLocator(name -> null, () -> false);

    assertThat(locator.locate(StoreKind.MARIADB))
        .isEqualTo(
            new StoreAddress(
                StoreKind.MARIADB,
                "jdbc:mariadb://127.0.0.1:3306/test",
                "root",
                null,
                "local default"));
    assertThat(locator.locate(StoreKind.REDIS).url()).isEqualTo("redis://127.0.0.1:6379");
  }

  @Test
  void blankVariableCountsAsUnset() {
    StoreLocator locator = new StoreLocator(name -> "  ", () -> false);
    assertThat(locator.locate(StoreKind.REDIS).origin()).isEqualTo("local default");
  }

  @Test
  void passwordsInRedisUrisAreMaskedInMessages() {
    StoreAddress address =
        new StoreAddress(StoreKind.REDIS, "redis://app:hunter2@cache:6379", null, null, "from X");
    assertThat(address.toString()).contains("redis://app:***@cache:6379").doesNotContain("hunter2");
  }

  @Test
  void unreachableDatabaseFailsWithHowToProvideIt() {
    StoreAddress closedPort =
        new StoreAddress(
            StoreKind.POSTGRES,
            "jdbc:postgresql://127.0.0.1:1/test",
            "postgres",
            null,
            "from test");

    assertThatThrownBy(() -> Reachability.connect(closedPort))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Cannot reach PostgreSQL at jdbc:postgresql://127.0.0.1:1/test")
        .hasMessageContaining("TIMERLOCK_TEST_POSTGRES_URL")
        .hasMessageContaining("Docker")
        .hasMessageContaining(".ci/services.sh");
  }

  @Test
  void unreachableRedisFailsWithHowToProvideIt() {
    StoreAddress closedPort =
        new StoreAddress(StoreKind.REDIS, "redis://127.0.0.1:1", null, null, "from test");

    assertThatThrownBy(() -> Reachability.pingRedis(closedPort))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Cannot reach Redis at redis://127.0.0.1:1")
        .hasMessageContaining("TIMERLOCK_TEST_REDIS_URI");
  }
}
