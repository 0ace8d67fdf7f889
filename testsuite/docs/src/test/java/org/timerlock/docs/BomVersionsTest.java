package org.timerlock.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The BOM pins HikariCP, the optional pool of {@code timerlock-jdbc} that an application adds for
 * {@code timerlock.jdbc.url}, at the version the build tests with. The BOM has no parent, so the
 * version is written twice: a HikariCP upgrade that forgets the BOM fails here.
 */
class BomVersionsTest {

  @Test
  void theBomPinsTheHikariCpTheBuildTestsWith() {
    Path root = Markdown.repositoryRoot();
    assertThat(ServerVersionsTest.property(root, "bom/pom.xml", "hikaricp.version"))
        .as("hikaricp.version of bom/pom.xml")
        .isEqualTo(ServerVersionsTest.property(root, "pom.xml", "hikaricp.version"));
  }
}
