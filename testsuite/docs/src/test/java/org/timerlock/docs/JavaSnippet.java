package org.timerlock.docs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.timerlock.docs.Markdown.CodeBlock;

/**
 * A {@code java} block of the docs turned into a compilation unit. The docs show fragments, so that
 * they stay short; this is how each kind of fragment is completed, and all there is to it:
 *
 * <ol>
 *   <li>A block that declares a top-level type (a line that starts, unindented, with {@code class},
 *       {@code interface}, {@code enum}, {@code record} or {@code @interface}, after modifiers and
 *       annotations) is a compilation unit of its own. It must declare everything it uses. (A block
 *       of members therefore declares no nested type at the start of a line.)
 *   <li>Otherwise a block whose first line of code starts with an annotation, with {@code public},
 *       {@code protected}, {@code private}, {@code static}, {@code abstract}, {@code default} or
 *       {@code synchronized}, or is a method header ({@code Type name(}), is a list of class
 *       members: it becomes the body of a class that extends {@link SnippetContext}.
 *   <li>Any other block is a list of statements: it becomes the body of a method {@code void run()
 *       throws Exception} of such a class.
 *   <li>Fragments (2 and 3) may use the fields of {@link SnippetContext}, {@code provider} and
 *       {@code dataSource}, without declaring them. Everything else they use is declared in the
 *       block.
 *   <li>Every block gets the {@link #STANDARD_IMPORTS}. Its own {@code import} lines are kept (a
 *       fragment's are moved above the class) and replace a standard import of the same simple
 *       name. A name that two standard imports offer ({@code Startup}: EJB's annotation and CDI's
 *       event; {@code Timer}: {@code java.util}'s and EJB's) and a name they do not offer (Jakarta
 *       Concurrency's {@code Asynchronous} and {@code Schedule}, whose EJB namesakes they do) are
 *       imported by the block that uses them.
 *   <li>{@code { ... }} is a body the docs leave out. It is compiled as {@code { throw new
 *       UnsupportedOperationException(); }}, which suits a method of any return type.
 *   <li>Each block is compiled on its own, in a package named after its document and line, so two
 *       blocks may declare classes of the same name, and a block never uses what another declares.
 * </ol>
 *
 * Blocks in other languages, and plain blocks, are not compiled. {@link SnippetCompiler} also turns
 * deprecated, raw and unchecked uses into errors.
 */
final class JavaSnippet {

  /** What a block is. */
  enum Kind {
    /** Declares a type: compiled as it is. */
    COMPILATION_UNIT,
    /** Fields and methods: compiled as the body of a class. */
    MEMBERS,
    /** Statements: compiled as the body of a method. */
    STATEMENTS
  }

  /** The imports every block gets; a wildcard is written {@code pkg.*}. */
  static final List<String> STANDARD_IMPORTS =
      List.of(
          "java.time.*",
          "java.util.*",
          "java.util.concurrent.*",
          "java.util.concurrent.atomic.*",
          "javax.sql.DataSource",
          "jakarta.annotation.*",
          "jakarta.ejb.*",
          "jakarta.enterprise.context.*",
          "jakarta.enterprise.event.*",
          "jakarta.enterprise.inject.*",
          "jakarta.inject.Inject",
          "jakarta.inject.Named",
          "jakarta.enterprise.concurrent.ManagedExecutorService",
          "jakarta.enterprise.concurrent.ManagedScheduledExecutorService",
          "org.eclipse.microprofile.config.inject.ConfigProperty",
          "org.timerlock.core.*",
          "org.timerlock.cdi.*",
          "org.timerlock.jdbc.*",
          "org.timerlock.redis.*",
          "static java.util.concurrent.TimeUnit.*");

  /** The class fragments are compiled in. */
  static final String WRAPPER_CLASS = "Snippet";

  private static final String ELIDED_BODY = "{ throw new UnsupportedOperationException(); }";
  private static final Pattern ELLIPSIS_BODY = Pattern.compile("\\{\\s*\\.\\.\\.\\s*}");
  private static final Pattern IMPORT =
      Pattern.compile("^\\s*import\\s+(static\\s+)?([\\w.]+?)(\\.\\*)?\\s*;\\s*$");
  private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+[\\w.]+\\s*;\\s*$");
  private static final Pattern TYPE_DECLARATION =
      Pattern.compile(
          "^(@[\\w.]+(\\([^)]*\\))?\\s+)*((public|protected|private|abstract|final|sealed|non-sealed"
              + "|static|strictfp)\\s+)*(class|interface|enum|record|@interface)\\s+[A-Za-z_$]");
  private static final Pattern MEMBER_START =
      Pattern.compile(
          "^(@|(public|protected|private|static|abstract|default|synchronized)\\s"
              + "|(<[^>]+>\\s+)?[\\w.$]+(<[^()]*>)?(\\[])*\\s+[\\w$]+\\s*\\()");
  private static final Set<String> STATEMENT_KEYWORDS =
      Set.of("return", "new", "throw", "else", "yield", "case", "assert");

  private final CodeBlock block;
  private final Kind kind;
  private final String packageName;
  private final List<String> lines = new ArrayList<>();
  private final List<Integer> documentLines = new ArrayList<>();

  private JavaSnippet(CodeBlock block) {
    this.block = block;
    List<String> code = block.lines().stream().map(JavaSnippet::fillElidedBodies).toList();
    this.kind = kindOf(code);
    this.packageName = packageName(block);

    Set<String> ownImports = new HashSet<>();
    List<Integer> importLines = new ArrayList<>();
    int packageLine = -1;
    for (int i = 0; i < code.size(); i++) {
      Matcher imported = IMPORT.matcher(code.get(i));
      if (imported.matches()) {
        importLines.add(i);
        if (imported.group(3) == null) {
          ownImports.add(simpleName(imported.group(2)));
        }
      } else if (packageLine < 0 && PACKAGE.matcher(code.get(i)).matches()) {
        packageLine = i;
      }
    }

    if (packageLine >= 0) {
      add(code.get(packageLine), block.documentLine(packageLine));
    } else {
      add("package " + packageName + ";", 0);
    }
    for (String standard : STANDARD_IMPORTS) {
      String type = standard.replaceFirst("^static ", "");
      if (type.endsWith(".*") || !ownImports.contains(simpleName(type))) {
        add("import " + standard + ";", 0);
      }
    }
    for (int i : importLines) {
      add(code.get(i), block.documentLine(i));
    }
    switch (kind) {
      case COMPILATION_UNIT -> {}
      case MEMBERS ->
          add("class " + WRAPPER_CLASS + " extends " + SnippetContext.class.getName() + " {", 0);
      case STATEMENTS -> {
        add("class " + WRAPPER_CLASS + " extends " + SnippetContext.class.getName() + " {", 0);
        add("void run() throws Exception {", 0);
      }
    }
    for (int i = 0; i < code.size(); i++) {
      if (i != packageLine && !importLines.contains(i)) {
        add(code.get(i), block.documentLine(i));
      }
    }
    switch (kind) {
      case COMPILATION_UNIT -> {}
      case MEMBERS -> add("}", 0);
      case STATEMENTS -> {
        add("}", 0);
        add("}", 0);
      }
    }
  }

  /**
   * Completes a block.
   *
   * @param block a {@code java} block
   * @return the compilation unit
   */
  static JavaSnippet of(CodeBlock block) {
    return new JavaSnippet(block);
  }

  /**
   * What a block is, by the rules above.
   *
   * @param code the lines of the block
   * @return its kind
   */
  static Kind kindOf(List<String> code) {
    if (code.stream().anyMatch(line -> TYPE_DECLARATION.matcher(line).find())) {
      return Kind.COMPILATION_UNIT;
    }
    for (String line : code) {
      String trimmed = line.strip();
      if (trimmed.isEmpty()
          || trimmed.startsWith("//")
          || trimmed.startsWith("/*")
          || trimmed.startsWith("*")
          || IMPORT.matcher(line).matches()
          || PACKAGE.matcher(line).matches()) {
        continue;
      }
      String firstWord = trimmed.split("[^\\w]", 2)[0];
      return MEMBER_START.matcher(trimmed).find() && !STATEMENT_KEYWORDS.contains(firstWord)
          ? Kind.MEMBERS
          : Kind.STATEMENTS;
    }
    return Kind.STATEMENTS;
  }

  /** The block this was made from. */
  CodeBlock block() {
    return block;
  }

  /** What the block is. */
  Kind kind() {
    return kind;
  }

  /** The package the unit is compiled in. */
  String packageName() {
    return packageName;
  }

  /** The compilation unit's source. */
  String source() {
    return lines.stream().collect(Collectors.joining("\n", "", "\n"));
  }

  /**
   * The document line a line of the unit came from.
   *
   * @param unitLine a line number (from 1) of {@link #source()}
   * @return the line number in the document, or 0 for a line the completion added
   */
  int documentLine(long unitLine) {
    return unitLine >= 1 && unitLine <= documentLines.size()
        ? documentLines.get((int) unitLine - 1)
        : 0;
  }

  /**
   * A line of the unit as it reads in the document.
   *
   * @param unitLine a line number (from 1) of {@link #source()}
   * @return the line, or empty
   */
  String documentText(long unitLine) {
    int line = documentLine(unitLine);
    return line == 0 ? "" : block.lines().get(line - block.fenceLine() - 1).strip();
  }

  private void add(String line, int documentLine) {
    lines.add(line);
    documentLines.add(documentLine);
  }

  private static String fillElidedBodies(String line) {
    return ELLIPSIS_BODY.matcher(line).replaceAll(Matcher.quoteReplacement(ELIDED_BODY));
  }

  private static String simpleName(String qualified) {
    return qualified.substring(qualified.lastIndexOf('.') + 1);
  }

  private static String packageName(CodeBlock block) {
    String document = block.document().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
    return "snippets." + document + ".line" + block.fenceLine();
  }
}
