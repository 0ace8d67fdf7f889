package org.timerlock.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The mixed-fleet table of {@code docs/migration-from-shedlock.md} states what the matrix measured:
 * per set-up, in each JVM zone (or "any" when all zones gave the same result), the cell of every
 * store. Runs after the matrix's three runs; writes the table it expects to {@code
 * target/interop-matrix/table.md}.
 */
class MigrationPageTest {

  private static final String HEADER =
      "| ShedLock set-up | JVM zone | PostgreSQL | MariaDB | Redis | change on the ShedLock side first |";
  private static final String ANY_ZONE = "any";
  private static final String NOTHING = "nothing";

  @Test
  void theMixedFleetTableIsTheMatrixResult() throws IOException {
    Map<String, MatrixResults> byZone =
        MatrixResults.ZONES.stream()
            .collect(Collectors.toMap(Function.identity(), MatrixResults::read));
    List<List<String>> expected = new ArrayList<>();
    for (ShedLockSetup setup : ShedLockSetup.values()) {
      List<List<String>> rows =
          MatrixResults.ZONES.stream().map(zone -> byZone.get(zone).row(setup)).toList();
      if (rows.stream().distinct().count() == 1) {
        expected.add(row(setup, ANY_ZONE, rows.get(0)));
      } else {
        for (int i = 0; i < rows.size(); i++) {
          expected.add(row(setup, MatrixResults.ZONES.get(i), rows.get(i)));
        }
      }
    }
    Files.writeString(
        MatrixResults.directory().resolve("table.md"),
        expected.stream()
            .map(r -> "| " + String.join(" | ", r) + " | |")
            .collect(Collectors.joining("\n", HEADER + "\n", "\n")),
        StandardCharsets.UTF_8);

    List<List<String>> page = pageTable();
    assertThat(page.stream().map(r -> r.subList(0, 5)).toList())
        .as(
            "set-up, zone and store cells of the page's table (expected: target/interop-matrix/table.md)")
        .containsExactlyElementsOf(expected);
    for (List<String> row : page) {
      boolean excludesEverywhere =
          row.subList(2, 5).stream()
              .allMatch(c -> c.equals(MatrixResults.EXCLUDES) || c.equals("—"));
      assertThat(row.get(5))
          .as("what to change first, for %s in %s", row.get(0), row.get(1))
          .isNotBlank();
      assertThat(row.get(5).equals(NOTHING))
          .as("'%s' exactly when the set-up excludes everywhere: %s", NOTHING, row)
          .isEqualTo(excludesEverywhere);
    }
  }

  private static List<String> row(ShedLockSetup setup, String zone, List<String> cells) {
    List<String> row = new ArrayList<>();
    row.add(setup.label());
    row.add(zone);
    row.addAll(cells);
    return row;
  }

  /** The rows under {@link #HEADER}, each cell trimmed, up to the first line not in the table. */
  private static List<List<String>> pageTable() throws IOException {
    Path page =
        Path.of(System.getProperty("interop.page", "../../docs/migration-from-shedlock.md"));
    List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
    int header = lines.indexOf(HEADER);
    assertThat(header).as("%s has the table headed %s", page, HEADER).isNotNegative();
    List<List<String>> rows = new ArrayList<>();
    for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
      String line = lines.get(i).trim();
      rows.add(
          Arrays.stream(line.substring(1, line.length() - 1).split("\\|", -1))
              .map(String::trim)
              .toList());
    }
    return rows;
  }
}
