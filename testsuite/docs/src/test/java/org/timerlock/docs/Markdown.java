package org.timerlock.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One Markdown document of the project, taken apart into what the checks read: its fenced code
 * blocks and its inline code outside them.
 *
 * <p>A fence is a line of three or more backticks, indented by any number of spaces (a block inside
 * a list item is indented); the first word after the backticks is the block's language. The block
 * ends at the next line of at least as many backticks and nothing else. The fence's indentation is
 * removed from every line of the block, as Markdown renders it. Inline code is a run of backticks
 * up to the next run of the same length, possibly on a later line of the same paragraph.
 *
 * @param name the path relative to the repository root, with {@code /}, e.g. {@code
 *     docs/configuration.md}: how messages name the document
 * @param lines the lines of the document
 */
record Markdown(String name, List<String> lines) {

  private static final Pattern FENCE = Pattern.compile("^( *)(`{3,})\\s*([^`\\s]*)[^`]*$");

  /**
   * A fenced code block.
   *
   * @param document the document's name
   * @param language the first word after the opening backticks, empty when there is none
   * @param fenceLine the line number (from 1) of the opening fence
   * @param lines the lines between the fences, without the fence's indentation
   */
  record CodeBlock(String document, String language, int fenceLine, List<String> lines) {

    /**
     * The document line of one line of the block.
     *
     * @param index the index (from 0) of the line in the block
     * @return its line number (from 1) in the document
     */
    int documentLine(int index) {
      return fenceLine + 1 + index;
    }

    /**
     * Where the block is, for messages.
     *
     * @return e.g. {@code docs/core-api.md:39 (java block)}
     */
    String where() {
      return document
          + ":"
          + fenceLine
          + " ("
          + (language.isEmpty() ? "plain" : language)
          + " block)";
    }
  }

  /**
   * A piece of inline code.
   *
   * @param document the document's name
   * @param line the line number (from 1) where it starts
   * @param text the code, line breaks replaced by spaces
   */
  record InlineCode(String document, int line, String text) {}

  /**
   * Reads the README and every Markdown file under {@code docs/}.
   *
   * @param root the repository root
   * @return the documents, README first, then the others in path order
   */
  static List<Markdown> projectDocuments(Path root) {
    List<Markdown> documents = new ArrayList<>();
    documents.add(read(root, root.resolve("README.md")));
    try (Stream<Path> files = Files.walk(root.resolve("docs"))) {
      files
          .filter(f -> f.getFileName().toString().endsWith(".md"))
          .sorted()
          .forEach(f -> documents.add(read(root, f)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return documents;
  }

  /**
   * The repository root, seen from this module's directory.
   *
   * @return the folder two levels above the module's base directory ({@code testsuite/docs})
   */
  static Path repositoryRoot() {
    Path module = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
    return module.getParent().getParent();
  }

  /**
   * Reads one document.
   *
   * @param root the repository root
   * @param file the document
   * @return the document
   */
  static Markdown read(Path root, Path file) {
    try {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      return of(root.relativize(file).toString().replace('\\', '/'), text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A document from its text.
   *
   * @param name how messages name it
   * @param text the Markdown
   * @return the document
   */
  static Markdown of(String name, String text) {
    return new Markdown(name, List.of(text.split("\r?\n", -1)));
  }

  /**
   * The fenced code blocks.
   *
   * @return the blocks in document order
   * @throws IllegalStateException when a fence is not closed
   */
  List<CodeBlock> codeBlocks() {
    List<CodeBlock> blocks = new ArrayList<>();
    int i = 0;
    while (i < lines.size()) {
      Matcher open = FENCE.matcher(lines.get(i));
      if (!open.matches()) {
        i++;
        continue;
      }
      int indent = open.group(1).length();
      int ticks = open.group(2).length();
      List<String> content = new ArrayList<>();
      int j = i + 1;
      while (j < lines.size() && !closes(lines.get(j), ticks)) {
        content.add(unindent(lines.get(j), indent));
        j++;
      }
      if (j == lines.size()) {
        throw new IllegalStateException(
            name + ":" + (i + 1) + ": the code block opened here is never closed");
      }
      blocks.add(new CodeBlock(name, open.group(3), i + 1, List.copyOf(content)));
      i = j + 1;
    }
    return blocks;
  }

  /**
   * The fenced code blocks of one language.
   *
   * @param language e.g. {@code java}
   * @return the blocks in document order
   */
  List<CodeBlock> codeBlocks(String language) {
    return codeBlocks().stream().filter(b -> b.language().equals(language)).toList();
  }

  /**
   * The inline code outside the fenced blocks.
   *
   * @return the pieces in document order
   */
  List<InlineCode> inlineCode() {
    StringBuilder prose = new StringBuilder();
    boolean[] inBlock = new boolean[lines.size()];
    for (CodeBlock block : codeBlocks()) {
      for (int k = block.fenceLine() - 1; k <= block.fenceLine() + block.lines().size(); k++) {
        inBlock[k] = true;
      }
    }
    for (int k = 0; k < lines.size(); k++) {
      // A blank line for each line of a block keeps the line numbers and ends any paragraph.
      prose.append(inBlock[k] ? "" : lines.get(k)).append('\n');
    }
    List<InlineCode> found = new ArrayList<>();
    String text = prose.toString();
    int at = 0;
    while (at < text.length()) {
      if (text.charAt(at) != '`') {
        at++;
        continue;
      }
      int runEnd = at;
      while (runEnd < text.length() && text.charAt(runEnd) == '`') {
        runEnd++;
      }
      int close = closingRun(text, runEnd, runEnd - at);
      if (close < 0) {
        at = runEnd;
        continue;
      }
      String code = text.substring(runEnd, close).replace('\n', ' ').strip();
      found.add(new InlineCode(name, lineOf(text, at), code));
      at = close + (runEnd - at);
    }
    return found;
  }

  /** The start of the next run of exactly {@code length} backticks within the paragraph. */
  private static int closingRun(String text, int from, int length) {
    int at = from;
    while (at < text.length()) {
      if (text.startsWith("\n\n", at)) {
        return -1; // a paragraph ends: the backticks were literal
      }
      if (text.charAt(at) != '`') {
        at++;
        continue;
      }
      int runEnd = at;
      while (runEnd < text.length() && text.charAt(runEnd) == '`') {
        runEnd++;
      }
      if (runEnd - at == length) {
        return at;
      }
      at = runEnd;
    }
    return -1;
  }

  private static int lineOf(String text, int index) {
    int line = 1;
    for (int k = 0; k < index; k++) {
      if (text.charAt(k) == '\n') {
        line++;
      }
    }
    return line;
  }

  private static boolean closes(String line, int ticks) {
    String stripped = line.strip();
    return stripped.length() >= ticks && stripped.chars().allMatch(c -> c == '`');
  }

  private static String unindent(String line, int indent) {
    int k = 0;
    while (k < indent && k < line.length() && line.charAt(k) == ' ') {
      k++;
    }
    return line.substring(k);
  }
}
