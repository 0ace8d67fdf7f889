package org.timerlock.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.internal.KeyCatalogue;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.LockProviderFactory;

/**
 * The real providers' keys join the deployment's key catalogue when their modules are on the class
 * path: the only place where the JDBC and Redis modules and the CDI integration meet without a
 * server, so the check that a misspelled or badly typed provider key fails the deployment (tested
 * in the CDI module with test providers) holds for the real ones too.
 */
class ProviderKeysInCatalogueTest {

  private final List<ConfigKey<?>> catalogue = KeyCatalogue.load().entries();

  @Test
  void everyKeyOfEveryProviderOnTheClassPathIsInTheCatalogue() {
    List<LockProviderFactory> factories =
        ServiceLoader.load(LockProviderFactory.class).stream()
            .map(ServiceLoader.Provider::get)
            .toList();

    assertThat(factories).extracting(LockProviderFactory::type).contains("jdbc", "redis");
    for (LockProviderFactory factory : factories) {
      assertThat(catalogue)
          .as("the catalogue, for the keys of provider %s", factory.type())
          .containsAll(factory.keys());
    }
  }

  @Test
  void theCatalogueHasTheProviderKeysUsersMisspellMost() {
    assertThat(catalogue)
        .extracting(ConfigKey::name)
        .contains(
            "timerlock.jdbc.table",
            "timerlock.redis.uri",
            "timerlock.redis.key-prefix",
            "timerlock.redis.sentinel.nodes",
            "timerlock.redis.pool-size");
  }

  @Test
  void aProviderKeyOfTheCatalogueReadsItsValueWithItsType() {
    ConfigKey<?> poolSize =
        catalogue.stream()
            .filter(k -> k.name().equals("timerlock.redis.pool-size"))
            .findFirst()
            .orElseThrow();

    assertThatThrownBy(() -> poolSize.parse("many"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("timerlock.redis.pool-size = \"many\": it is not a whole");
  }
}
