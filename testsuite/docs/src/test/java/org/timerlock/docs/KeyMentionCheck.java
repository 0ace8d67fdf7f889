package org.timerlock.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.timerlock.docs.Markdown.CodeBlock;
import org.timerlock.docs.Markdown.InlineCode;

/**
 * Checks every configuration key and environment variable a document names in code: in inline code
 * and in fenced blocks, except plain ones (no language, or {@code text}), which show messages and
 * log lines as they are, misspellings included.
 *
 * <ul>
 *   <li>A key ({@code timerlock.jdbc.table}, {@code timerlock.lock."nightly".enabled}, also after
 *       {@code -D}) must be a key of the catalogue, a per-lock key by its template. {@code
 *       timerlock.lock."<name>".<property>} stands for every per-lock key.
 *   <li>A text ending with {@code .} or {@code .*} ({@code timerlock.redis.*}, {@code
 *       timerlock.default.}) is a prefix: some key must start with it.
 *   <li>A variable {@code TIMERLOCK_...} must be the environment-variable spelling of a key; {@code
 *       <...>} in it stands for any lock name or property. A variable ending with {@code _} or
 *       {@code *} ({@code TIMERLOCK_LOCK__NIGHTLY_EXPORT__...}) is a prefix of variables.
 *   <li>A table row whose first cell is a key and whose second is a variable must pair them by the
 *       rule: {@code | `timerlock.node-id` | `TIMERLOCK_NODE_ID` |}.
 * </ul>
 *
 * Names of {@link Catalogue#NOT_CONFIGURATION}, and their variables, are not checked.
 */
final class KeyMentionCheck {

  private static final String SEGMENT = "(?:\"[^\"]*\"|[A-Za-z0-9_<>*-]+)";
  private static final Pattern KEY =
      Pattern.compile(
          "(?<![A-Za-z0-9_.])(?:-D)?(timerlock\\." + SEGMENT + "(?:\\." + SEGMENT + ")*\\.?)");
  private static final Pattern VARIABLE =
      Pattern.compile("(?<![A-Za-z0-9_])TIMERLOCK_[A-Z0-9_<>]*\\*?");
  private static final Pattern KEY_VARIABLE_ROW =
      Pattern.compile("^\\s*\\|\\s*`(timerlock\\.[^`]+)`\\s*\\|\\s*`(TIMERLOCK_[^`]+)`\\s*\\|.*");

  private KeyMentionCheck() {}

  /**
   * Checks one document.
   *
   * @param catalogue the known keys
   * @param document the document
   * @return one message per unknown key, prefix or variable, and per wrongly paired row
   */
  static List<String> problems(Catalogue catalogue, Markdown document) {
    List<String> problems = new ArrayList<>();
    for (InlineCode code : document.inlineCode()) {
      checkText(catalogue, code.text(), document.name() + ":" + code.line(), problems);
    }
    for (CodeBlock block : document.codeBlocks()) {
      if (block.language().isEmpty() || block.language().equals("text")) {
        continue;
      }
      for (int i = 0; i < block.lines().size(); i++) {
        checkText(
            catalogue,
            block.lines().get(i),
            document.name() + ":" + block.documentLine(i),
            problems);
      }
    }
    for (int i = 0; i < document.lines().size(); i++) {
      Matcher row = KEY_VARIABLE_ROW.matcher(document.lines().get(i));
      if (row.matches()) {
        String expected = Catalogue.environmentVariable(row.group(1));
        if (!expected.equals(row.group(2))) {
          problems.add(
              document.name()
                  + ":"
                  + (i + 1)
                  + ": the variable of "
                  + row.group(1)
                  + " is "
                  + expected
                  + ", not "
                  + row.group(2));
        }
      }
    }
    return problems;
  }

  /**
   * Checks the keys and variables of one text.
   *
   * @param catalogue the known keys
   * @param text the text
   * @param where the document and line, for messages
   * @param problems where problems are added
   */
  static void checkText(Catalogue catalogue, String text, String where, List<String> problems) {
    Matcher key = KEY.matcher(text);
    while (key.find()) {
      checkKey(catalogue, key.group(1)).ifPresent(p -> problems.add(where + ": " + p));
    }
    Matcher variable = VARIABLE.matcher(text);
    while (variable.find()) {
      checkVariable(catalogue, variable.group()).ifPresent(p -> problems.add(where + ": " + p));
    }
  }

  /**
   * Checks one key, template or prefix.
   *
   * @param catalogue the known keys
   * @param key as written
   * @return what is wrong, or empty
   */
  static Optional<String> checkKey(Catalogue catalogue, String key) {
    if (Catalogue.notConfiguration(key)) {
      return Optional.empty();
    }
    if (key.endsWith(".*") || key.endsWith(".")) {
      String prefix = key.endsWith("*") ? key.substring(0, key.length() - 1) : key;
      if (catalogue.isPrefix(prefix)
          || catalogue.find(prefix.substring(0, prefix.length() - 1)).isPresent()) {
        return Optional.empty(); // a prefix, or a key at the end of a sentence
      }
      return Optional.of(prefix + " starts no TimerLock configuration key");
    }
    if (key.matches("timerlock\\.lock\\.\"[^\"]*\"\\.<[^<>]+>")) {
      return Optional.empty(); // any per-lock property
    }
    if (catalogue.find(key).isPresent()) {
      return Optional.empty();
    }
    return Optional.of(
        key
            + " is not a TimerLock configuration key; the keys are listed in docs/configuration.md");
  }

  /**
   * Checks one environment variable.
   *
   * @param catalogue the known keys
   * @param variable as written
   * @return what is wrong, or empty
   */
  static Optional<String> checkVariable(Catalogue catalogue, String variable) {
    if (Catalogue.NOT_CONFIGURATION.stream()
        .map(Catalogue::environmentVariable)
        .anyMatch(variable::startsWith)) {
      return Optional.empty();
    }
    if (variable.endsWith("_") || variable.endsWith("*")) {
      String prefix = variable.replaceFirst("\\*$", "");
      boolean startsSome =
          prefix.startsWith("TIMERLOCK_LOCK__")
              || "TIMERLOCK_LOCK__".startsWith(prefix)
              || catalogue.entries().stream()
                  .map(k -> Catalogue.environmentVariable(k.name()))
                  .anyMatch(v -> v.startsWith(prefix));
      return startsSome
          ? Optional.empty()
          : Optional.of(prefix + " starts no environment variable of a TimerLock key");
    }
    if (catalogue.keyOfVariable(variable).isPresent()
        || variable.matches("TIMERLOCK_LOCK__.+__<[^<>]+>")) {
      return Optional.empty(); // a key's variable, or any property of a lock
    }
    return Optional.of(
        variable
            + " is not the environment variable of a TimerLock configuration key (upper case, every"
            + " character other than a letter or digit replaced by _)");
  }
}
