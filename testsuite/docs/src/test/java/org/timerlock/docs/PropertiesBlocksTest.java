package org.timerlock.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.timerlock.docs.Markdown.CodeBlock;

/**
 * Every {@code properties} block of the README and of {@code docs/} sets keys TimerLock reads, to
 * values their types accept ({@link PropertiesCheck}).
 */
class PropertiesBlocksTest {

  private static final Catalogue CATALOGUE = Catalogue.load();

  @Test
  void everyPropertiesBlockOfTheDocsSetsKnownKeysToValidValues() {
    List<CodeBlock> blocks =
        Markdown.projectDocuments(Markdown.repositoryRoot()).stream()
            .flatMap(d -> d.codeBlocks("properties").stream())
            .toList();
    assertThat(blocks).hasSizeGreaterThan(5);

    List<String> problems =
        blocks.stream().flatMap(b -> PropertiesCheck.problems(CATALOGUE, b).stream()).toList();

    assertThat(problems)
        .withFailMessage(
            "properties blocks of the docs with unknown keys or bad values:%n%s",
            String.join(System.lineSeparator(), problems))
        .isEmpty();
  }

  @Test
  void anUnknownKeyAndABadValueAreReportedWithTheirLines() {
    Markdown doc =
        Markdown.of(
            "docs/sample.md",
            """
            ```properties
            # a comment
            timerlock.jdbc.tabel=jobs
            timerlock.lock."partner-sync".lock-at-most-for=5 minutes
            timerlock.redis.pool-size = many
            timerlock.store-failure=fail
            ```
            """);

    assertThat(PropertiesCheck.problems(CATALOGUE, doc.codeBlocks().get(0)))
        .containsExactly(
            "docs/sample.md:3: timerlock.jdbc.tabel is not a TimerLock configuration key; the keys"
                + " are listed in docs/configuration.md",
            "docs/sample.md:4: TIMERLOCK-104 timerlock.lock.\"partner-sync\".lock-at-most-for ="
                + " \"5 minutes\": it"
                + " is not a duration; expected a positive duration: 30s, 2m30s, 500ms, 1h or"
                + " ISO-8601 PT30S",
            "docs/sample.md:5: TIMERLOCK-104 timerlock.redis.pool-size = \"many\": it is not a"
                + " whole number;"
                + " expected a whole number from 1 to 1000");
  }

  @Test
  void placeholdersAndOtherKeysAreNotParsed() {
    Markdown doc =
        Markdown.of(
            "docs/sample.md",
            """
            ```properties
            timerlock.redis.password=${REDIS_PASSWORD}
            timerlock.redis.pool-size=<connections>
            timerlock.jdbc.pool-size=\\
                7
            timerlock.test.postgres.url=anything
            jobs.export.max-duration=banana
            ```
            """);

    assertThat(PropertiesCheck.problems(CATALOGUE, doc.codeBlocks().get(0))).isEmpty();
  }
}
