package org.timerlock.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.ValueType;

/**
 * The configuration reference and the key catalogue cannot drift apart: {@code
 * docs/configuration.md} holds the table {@link KeyTable} makes of the catalogue, and no document
 * names a key, prefix or environment variable the catalogue does not have ({@link
 * KeyMentionCheck}).
 */
class ConfigurationReferenceTest {

  private static final Path REFERENCE = Path.of("docs", "configuration.md");
  private static final Path EXPECTED = Path.of("target", "docs", "configuration.md");

  private static final Catalogue CATALOGUE = Catalogue.load();

  @Test
  void theReferenceListsExactlyTheKeysOfTheCatalogue() throws IOException {
    Path file = Markdown.repositoryRoot().resolve(REFERENCE);
    String actual = Files.readString(file, StandardCharsets.UTF_8);
    String table = KeyTable.render(CATALOGUE.entries());
    String expected = KeyTable.withTable(actual, table);

    if (!expected.equals(actual)) {
      Files.createDirectories(EXPECTED.getParent());
      Files.writeString(EXPECTED, expected, StandardCharsets.UTF_8);
      fail(
          "%s does not list the keys of the catalogue:%n%s%nThe file as it must be is in %s: copy"
              + " it over %s.",
          REFERENCE,
          String.join(
              System.lineSeparator(),
              KeyTable.differences(KeyTable.section(actual), KeyTable.section(expected))),
          EXPECTED.toAbsolutePath(),
          REFERENCE);
    }
  }

  @Test
  void theCatalogueHasTheKeysOfTheIntegrationTheLocksAndBothProviders() {
    assertThat(CATALOGUE.entries())
        .extracting(ConfigKey::name)
        .contains(
            "timerlock.enabled",
            "timerlock.lock.\"<name>\".enabled",
            "timerlock.jdbc.table",
            "timerlock.redis.uri");
  }

  @Test
  void everyKeyAndVariableTheDocsNameIsInTheCatalogue() {
    List<Markdown> documents = Markdown.projectDocuments(Markdown.repositoryRoot());

    List<String> problems =
        documents.stream().flatMap(d -> KeyMentionCheck.problems(CATALOGUE, d).stream()).toList();

    assertThat(problems)
        .withFailMessage(
            "keys and variables the docs name that TimerLock does not read:%n%s",
            String.join(System.lineSeparator(), problems))
        .isEmpty();
  }

  @Test
  void namesThatAreNoKeysAreReported() {
    Markdown doc =
        Markdown.of(
            "docs/sample.md",
            """
            Set `timerlock.jdbc.tabel`, `timerlock.lock."a".lock-at-most`, `timerlock.jdbc.*`,
            `timerlock.lock."<name>".<property>`, `timerlock.test.` and `timerlock.sql.*`;
            or `TIMERLOCK_JDBC_TABEL`, `TIMERLOCK_LOCK__A__ENABLED`, `TIMERLOCK_TEST_REDIS_URI`.

            | key | variable |
            |---|---|
            | `timerlock.store-failure` | `TIMERLOCK_STORE_FAILURE` |
            | `timerlock.lock."a.b".enabled` | `TIMERLOCK_LOCK__AB__ENABLED` |

            ```bash
            java -Dtimerlock.provder=redis -jar app.jar
            ```

            ```text
            unknown config key timerlock.jdbc.tabel; did you mean timerlock.jdbc.table?
            ```
            """);

    assertThat(KeyMentionCheck.problems(CATALOGUE, doc))
        .containsExactly(
            "docs/sample.md:1: timerlock.jdbc.tabel is not a TimerLock configuration key; the keys"
                + " are listed in docs/configuration.md",
            "docs/sample.md:1: timerlock.lock.\"a\".lock-at-most is not a TimerLock configuration"
                + " key; the keys are listed in docs/configuration.md",
            "docs/sample.md:2: timerlock.sql. starts no TimerLock configuration key",
            "docs/sample.md:3: TIMERLOCK_JDBC_TABEL is not the environment variable of a TimerLock"
                + " configuration key (upper case, every character other than a letter or digit"
                + " replaced by _)",
            "docs/sample.md:11: timerlock.provder is not a TimerLock configuration key; the keys"
                + " are listed in docs/configuration.md",
            "docs/sample.md:8: the variable of timerlock.lock.\"a.b\".enabled is"
                + " TIMERLOCK_LOCK__A_B__ENABLED, not TIMERLOCK_LOCK__AB__ENABLED");
  }

  @Test
  void theTableHasOneRowPerKeyAndNamesEveryDifference() {
    ConfigKey<Boolean> enabled =
        ConfigKey.withDefault("timerlock.enabled", ValueType.BOOLEAN, true, "true", "On or off.");
    ConfigKey<String> password = ConfigKey.secret("timerlock.jdbc.password", "The password.");
    ConfigKey<String> node =
        ConfigKey.optional(
            "timerlock.node-id", ValueType.TEXT, "the host name", "Names the <node> | owner.");

    String table = KeyTable.render(List.of(enabled, password, node));

    assertThat(table)
        .isEqualTo(
            """
            | key | type | default | meaning |
            |---|---|---|---|
            | `timerlock.enabled` | boolean | `true` | On or off. |
            | `timerlock.jdbc.password` | secret | none | The password. Never shown in messages. |
            | `timerlock.node-id` | text | the host name | Names the &lt;node> \\| owner. |
            """);

    String stale =
        """
        | key | type | default | meaning |
        |---|---|---|---|
        | `timerlock.enabled` | boolean | `false` | On or off. |
        | `timerlock.jdbc.pasword` | secret | none | The password. |
        """;
    assertThat(KeyTable.differences(stale, table))
        .containsExactly(
            "different: timerlock.enabled\n"
                + "    is:        | `timerlock.enabled` | boolean | `false` | On or off. |\n"
                + "    must be:   | `timerlock.enabled` | boolean | `true` | On or off. |",
            "missing: timerlock.jdbc.password",
            "missing: timerlock.node-id",
            "extra: timerlock.jdbc.pasword");

    String document = "# Reference\n\n" + KeyTable.BEGIN + "\nold\n" + KeyTable.END + "\n\nMore.\n";
    assertThat(KeyTable.withTable(document, table))
        .isEqualTo(
            "# Reference\n\n"
                + KeyTable.BEGIN
                + "\n\n"
                + table
                + "\n"
                + KeyTable.END
                + "\n\nMore.\n");
  }
}
