package org.timerlock.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.timerlock.core.spi.MessageCode;

/**
 * The message codes: each module's codes lie in its hundred-block, no two definitions share a code,
 * and docs/troubleshooting.md has an entry for every code and names no code that does not exist.
 */
class MessageCodesTest {

  /** The class that defines each module's codes, and the module's hundred-block. */
  private static final Map<String, Integer> BLOCKS =
      Map.of(
          "org.timerlock.core.internal.CoreMessage", 100,
          "org.timerlock.cdi.internal.CdiMessage", 200,
          "org.timerlock.jdbc.JdbcMessage", 300,
          "org.timerlock.redis.RedisMessage", 400,
          "org.timerlock.console.ConsoleMessage", 500);

  private static final Path ROOT = Markdown.repositoryRoot();

  /** An entry of the troubleshooting page: a table row whose first cell is the code. */
  private static final Pattern ENTRY = Pattern.compile("(?m)^\\| TIMERLOCK-(\\d{3}) \\|");

  private static final Pattern MENTION = Pattern.compile("TIMERLOCK-(\\d{3})");

  /** The published modules, whose messages carry codes. */
  private static final List<String> MODULES =
      List.of("core", "cdi-extension", "providers/jdbc", "providers/redis", "console");

  /**
   * A WARNING or ERROR line, or a LockException, whose message is a plain string literal: a message
   * with a code goes through its module's code class ({@code CoreMessage.X.text("...")}).
   */
  private static final Pattern UNCODED =
      Pattern.compile(
          "Level\\.(?:WARNING|ERROR)\\s*,\\s*(?:\\(\\)\\s*->\\s*)?\"|new LockException\\(\\s*\"");

  private static final Pattern DEFINITION =
      Pattern.compile("(?m)^package ([\\w.]+);[\\s\\S]*?\\benum (\\w+) implements MessageCode\\b");

  @Test
  void everyClassDefiningCodesHasABlock() {
    assertThat(definingClassesInTheSources())
        .as("enums implementing MessageCode in the main sources; give a new one a block here")
        .containsExactlyInAnyOrderElementsOf(BLOCKS.keySet());
  }

  @Test
  void everyCodeLiesInItsModulesBlock() {
    List<String> outside = new ArrayList<>();
    definitions()
        .forEach(
            (owner, codes) -> {
              int block = BLOCKS.get(owner);
              codes.stream()
                  .filter(c -> c.number() <= block || c.number() >= block + 100)
                  .forEach(c -> outside.add(owner + "." + c + " = " + c.code()));
            });
    assertThat(outside).as("codes outside their module's block").isEmpty();
  }

  @Test
  void noTwoDefinitionsShareACode() {
    Map<Integer, List<String>> byNumber = new TreeMap<>();
    definitions()
        .forEach(
            (owner, codes) ->
                codes.forEach(
                    c ->
                        byNumber
                            .computeIfAbsent(c.number(), n -> new ArrayList<>())
                            .add(owner + "." + c)));
    assertThat(byNumber.values()).as("definitions per code").allMatch(d -> d.size() == 1);
  }

  @Test
  void everyCodeHasAnEntryInTheTroubleshootingPage() {
    Set<Integer> entries = numbers(ENTRY, troubleshooting());
    List<String> missing =
        definitions().values().stream()
            .flatMap(List::stream)
            .filter(c -> !entries.contains(c.number()))
            .map(MessageCode::code)
            .collect(Collectors.toList());
    assertThat(missing).as("codes without a row '| TIMERLOCK-nnn |' in the page").isEmpty();
  }

  @Test
  void theDocsNameNoCodeThatDoesNotExist() {
    Set<Integer> defined =
        definitions().values().stream()
            .flatMap(List::stream)
            .map(MessageCode::number)
            .collect(Collectors.toSet());
    Map<String, Set<Integer>> unknown = new TreeMap<>();
    for (Markdown document : Markdown.projectDocuments(ROOT)) {
      Set<Integer> named = numbers(MENTION, read(ROOT.resolve(document.name())));
      named.removeAll(defined);
      if (!named.isEmpty()) {
        unknown.put(document.name(), named);
      }
    }
    assertThat(unknown).as("codes named in the docs that no module defines").isEmpty();
  }

  @Test
  void everyWarningErrorAndLockExceptionOfTheMainSourcesHasACode() {
    List<String> uncoded = new ArrayList<>();
    for (String module : MODULES) {
      try (Stream<Path> files = Files.walk(ROOT.resolve(module).resolve("src/main/java"))) {
        files
            .filter(p -> p.toString().endsWith(".java"))
            .forEach(
                p -> {
                  String text = read(p);
                  Matcher m = UNCODED.matcher(text);
                  while (m.find()) {
                    int line = text.substring(0, m.start()).split("\n", -1).length;
                    uncoded.add(ROOT.relativize(p) + ":" + line);
                  }
                });
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    assertThat(uncoded).as("messages written without their code").isEmpty();
  }

  /** Every code of every module, by the class that defines it. */
  private static Map<String, List<MessageCode>> definitions() {
    Map<String, List<MessageCode>> all = new LinkedHashMap<>();
    new TreeSet<>(BLOCKS.keySet())
        .forEach(
            name -> {
              try {
                all.put(name, List.of((MessageCode[]) Class.forName(name).getEnumConstants()));
              } catch (ClassNotFoundException e) {
                throw new AssertionError(name + " is not on the class path of the docs tests", e);
              }
            });
    return all;
  }

  private static Set<String> definingClassesInTheSources() {
    Set<String> found = new TreeSet<>();
    try {
      Files.walkFileTree(
          ROOT,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
              // Build output, unpacked servers and Git's own files hold no sources of the modules.
              String name = String.valueOf(dir.getFileName());
              return name.equals("target") || name.startsWith(".")
                  ? FileVisitResult.SKIP_SUBTREE
                  : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
              if (file.toString().endsWith(".java")
                  && file.toString().contains("/src/main/java/")) {
                Matcher m = DEFINITION.matcher(read(file));
                if (m.find()) {
                  found.add(m.group(1) + "." + m.group(2));
                }
              }
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return found;
  }

  private static String troubleshooting() {
    return read(ROOT.resolve("docs/troubleshooting.md"));
  }

  private static Set<Integer> numbers(Pattern pattern, String text) {
    Set<Integer> numbers = new TreeSet<>();
    Matcher m = pattern.matcher(text);
    while (m.find()) {
      numbers.add(Integer.parseInt(m.group(1)));
    }
    return numbers;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
