package org.timerlock.interop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.timerlock.teststores.StoreKind;

/**
 * The matrix's results of one JVM time zone, one line per set-up and store: what the migration page
 * must say. Each surefire run of the matrix (one per zone) writes its own file.
 */
final class MatrixResults {

  /** The zones the build runs the matrix in: UTC, one ahead of UTC, one behind it. */
  static final List<String> ZONES = List.of("UTC", "Asia/Tokyo", "America/New_York");

  /** A cell when every scenario passed in both directions. */
  static final String EXCLUDES = "excludes";

  private final Map<ShedLockSetup, Map<StoreKind, String>> cells = new TreeMap<>();

  static Path directory() {
    return Path.of(System.getProperty("interop.results", "target/interop-matrix"));
  }

  static Path file(String zone) {
    return directory().resolve(zone.replace('/', '_') + ".tsv");
  }

  synchronized void put(ShedLockSetup setup, StoreKind store, String cell) {
    cells.computeIfAbsent(setup, s -> new EnumMap<>(StoreKind.class)).put(store, cell);
  }

  synchronized String get(ShedLockSetup setup, StoreKind store) {
    return cells.getOrDefault(setup, Map.of()).getOrDefault(store, "—");
  }

  synchronized void write(String zone) {
    List<String> lines = new ArrayList<>();
    cells.forEach(
        (setup, row) ->
            row.forEach((store, cell) -> lines.add(setup + "\t" + store + "\t" + cell)));
    try {
      Files.createDirectories(directory());
      Files.write(file(zone), lines, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static MatrixResults read(String zone) {
    Path file = file(zone);
    if (!Files.exists(file)) {
      throw new IllegalStateException(
          "No matrix results for "
              + zone
              + " in "
              + file
              + ": run the module's whole test phase (the matrix runs once per zone)");
    }
    MatrixResults results = new MatrixResults();
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        String[] parts = line.split("\t", 3);
        results.put(ShedLockSetup.valueOf(parts[0]), StoreKind.valueOf(parts[1]), parts[2]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return results;
  }

  /** The cells of one set-up, in the page's column order. */
  synchronized List<String> row(ShedLockSetup setup) {
    List<String> row = new ArrayList<>();
    // The page's columns are PostgreSQL, MariaDB, Redis: StoreKind's order.
    for (StoreKind store : StoreKind.values()) {
      row.add(get(setup, store));
    }
    return row;
  }
}
