package org.timerlock.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The message texts the main sources can produce, read from their string literals, so that a
 * message the docs quote can be checked against the code without running it.
 *
 * <p>A template is a chain of string literals joined by {@code +} (or by {@code .append(...)}):
 * what lies between two literals of a chain, a variable or a call, is a <em>gap</em> that stands
 * for any value; so are MessageFormat's {@code {0}} and {@code %s}. A constant of the same file
 * ({@code static final String X = "..."}) between two literals is read as its text. Every template
 * also starts and ends with a gap, since a message is often prefixed or followed by another (a
 * problem within a problem, an exception's own message).
 */
final class MessageTemplates {

  /** Stands for a value in a template. */
  static final char GAP = '\u0001';

  private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
  private static final Pattern CONSTANT =
      Pattern.compile("static final String (\\w+) =\\s*\"((?:[^\"\\\\\\n]|\\\\.)*)\";");
  private static final Pattern ADJACENT = Pattern.compile("\\s*(?:\\+|\\)\\s*\\.append\\()\\s*");
  private static final Pattern WITH_CONSTANT = Pattern.compile("\\s*\\+\\s*(\\w+)\\s*\\+\\s*");
  private static final Pattern WITH_VALUE =
      Pattern.compile("\\s*\\+[^;{}]*?\\+\\s*|\\)\\s*\\.append\\([^;{}]*?\\)\\s*\\.append\\(\\s*");
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\d+}|%[sd]");

  /** How much of a quoted piece a gap may stand for: a value, not a sentence. */
  private static final int GAP_MAX_CHARS = 80;

  private static final int GAP_MAX_SPACES = 12;

  private final List<String> templates;

  private MessageTemplates(List<String> templates) {
    this.templates = templates;
  }

  /**
   * Reads the templates of some modules' main sources.
   *
   * @param root the repository root
   * @param modules the modules, relative to the root
   * @return their templates
   */
  static MessageTemplates of(Path root, List<String> modules) {
    List<String> templates = new ArrayList<>();
    for (String module : modules) {
      try (Stream<Path> files = Files.walk(root.resolve(module).resolve("src/main/java"))) {
        files
            .filter(f -> f.toString().endsWith(".java"))
            .forEach(f -> templates.addAll(templatesOf(read(f))));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return new MessageTemplates(templates);
  }

  /**
   * Whether some template can produce a text that contains the piece: its literal characters match
   * the piece's exactly, each gap stands for a value within the piece, and the template's literal
   * characters make up a fair share of the piece (so that gaps alone never match).
   *
   * @param piece a part of a quoted message between the docs' own ellipses
   * @return whether the code can produce it
   */
  boolean canProduce(String piece) {
    return templates.stream().anyMatch(t -> produces(t, piece));
  }

  static List<String> templatesOf(String source) {
    Map<String, String> constants = new HashMap<>();
    Matcher c = CONSTANT.matcher(source);
    while (c.find()) {
      constants.put(c.group(1), unescape(c.group(2)));
    }
    List<String> chains = new ArrayList<>();
    StringBuilder chain = null;
    int previousEnd = -1;
    Matcher m = LITERAL.matcher(source);
    while (m.find()) {
      String text = unescape(m.group(1));
      String between = previousEnd < 0 ? "" : source.substring(previousEnd, m.start());
      Matcher constant = WITH_CONSTANT.matcher(between);
      if (chain != null && ADJACENT.matcher(between).matches()) {
        chain.append(text);
      } else if (chain != null && constant.matches() && constants.containsKey(constant.group(1))) {
        chain.append(constants.get(constant.group(1))).append(text);
      } else if (chain != null && WITH_VALUE.matcher(between).matches()) {
        chain.append(GAP).append(text);
      } else {
        if (chain != null) {
          chains.add(template(chain));
        }
        chain = new StringBuilder(text);
      }
      previousEnd = m.end();
    }
    if (chain != null) {
      chains.add(template(chain));
    }
    return chains;
  }

  private static String template(CharSequence chain) {
    String text = PLACEHOLDER.matcher(chain).replaceAll(String.valueOf(GAP)).replace("''", "'");
    return (GAP + text + GAP).replaceAll(GAP + "+", String.valueOf(GAP));
  }

  /** Matches the piece against a contiguous part of the template, gaps absorbing values. */
  static boolean produces(String template, String piece) {
    int n = piece.length();
    double needed = Math.max(4, Math.min(n * 0.3, 20));
    for (int start = 0; start < template.length(); start++) {
      char first = template.charAt(start);
      if (first != GAP && first != piece.charAt(0)) {
        continue;
      }
      // For each position reached in the piece, the most template literals matched to get there.
      Map<Integer, Integer> reached = Map.of(0, 0);
      for (int k = start; k < template.length() && !reached.isEmpty(); k++) {
        char ch = template.charAt(k);
        boolean lastGap = ch == GAP && k == template.length() - 1;
        Map<Integer, Integer> next = new HashMap<>();
        for (Map.Entry<Integer, Integer> at : reached.entrySet()) {
          int i = at.getKey();
          int literals = at.getValue();
          if (ch == GAP) {
            int spaces = 0;
            for (int j = i; j <= n; j++) {
              next.merge(j, literals, Math::max);
              if (j == n || (!lastGap && j - i >= GAP_MAX_CHARS)) {
                break;
              }
              if (piece.charAt(j) == ' ' && ++spaces > GAP_MAX_SPACES && !lastGap) {
                break;
              }
            }
          } else if (i < n && piece.charAt(i) == ch) {
            next.merge(i + 1, literals + 1, Math::max);
          }
        }
        Integer matched = next.get(n);
        if (matched != null && matched >= needed) {
          return true;
        }
        reached = next;
      }
    }
    return false;
  }

  private static String unescape(String literal) {
    return literal.replace("\\\"", "\"").replace("\\n", " ").replace("\\\\", "\\");
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
