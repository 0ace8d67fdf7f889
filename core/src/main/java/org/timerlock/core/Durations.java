package org.timerlock.core;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.timerlock.core.internal.CoreMessage;

/** Parses the duration texts used in annotations and configuration. */
public final class Durations {

  // Longest unit first in the alternation, so "ms" is not read as "m" followed by "s".
  private static final Pattern PART = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)\\s*");
  private static final Pattern SHORT_FORM =
      Pattern.compile("(-?)\\s*((?:\\d+\\s*(?:ms|s|m|h|d)\\s*)+)");
  private static final String UNITS_IN_ORDER = "d h m s ms";

  private Durations() {}

  /**
   * Parses ISO-8601 ({@code PT14M}, {@code P1DT2H}) or a short form: whole numbers each followed by
   * {@code ms}, {@code s}, {@code m}, {@code h} or {@code d} ({@code 500ms}, {@code 30s}, {@code
   * 14m}, {@code 2h}, {@code 1d}), several of them from the longest unit to the shortest ({@code
   * 1h30m}, {@code 2m30s}), units in either case. Surrounding white space is ignored. A bare number
   * is rejected because its unit would be a guess.
   *
   * @param text the duration text
   * @return the duration, possibly negative or zero (callers validate ranges)
   * @throws IllegalArgumentException naming the text when it cannot be parsed
   */
  public static Duration parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(
          CoreMessage.DURATION_SYNTAX.text(
              "Duration must not be " + (text == null ? "null" : "blank") + expected()));
    }
    String trimmed = text.trim();
    Matcher shortForm = SHORT_FORM.matcher(trimmed.toLowerCase(Locale.ROOT));
    if (shortForm.matches()) {
      return shortForm(text, shortForm.group(1).isEmpty(), shortForm.group(2));
    }
    String upper = trimmed.toUpperCase(Locale.ROOT);
    if (upper.startsWith("P") || upper.startsWith("-P")) {
      try {
        return Duration.parse(upper);
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException(unparsable(text), e);
      }
    }
    if (trimmed.matches("-?\\d+")) {
      throw new IllegalArgumentException(
          CoreMessage.DURATION_SYNTAX.text(
              "Cannot parse duration '" + text + "': a unit is missing, e.g. '" + trimmed + "ms'"));
    }
    throw new IllegalArgumentException(unparsable(text));
  }

  private static Duration shortForm(String text, boolean positive, String parts) {
    Duration total = Duration.ZERO;
    int previousUnit = -1;
    Matcher part = PART.matcher(parts);
    try {
      while (part.find()) {
        String unit = part.group(2);
        int rank = List.of(UNITS_IN_ORDER.split(" ")).indexOf(unit);
        if (rank <= previousUnit) {
          throw new IllegalArgumentException(
              CoreMessage.DURATION_SYNTAX.text(
                  "Cannot parse duration '"
                      + text
                      + "': write each unit once, the longest first, e.g. '1h30m' or '2m30s'"));
        }
        previousUnit = rank;
        total = total.plus(amount(text, part.group(1), unit));
      }
      return positive ? total : total.negated();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(
          CoreMessage.DURATION_SYNTAX.text("Duration '" + text + "' is too long"), e);
    }
  }

  private static Duration amount(String text, String amountText, String unit) {
    long amount;
    try {
      amount = Long.parseLong(amountText);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(unparsable(text), e);
    }
    return switch (unit) {
      case "ms" -> Duration.ofMillis(amount);
      case "s" -> Duration.ofSeconds(amount);
      case "m" -> Duration.ofMinutes(amount);
      case "h" -> Duration.ofHours(amount);
      default -> Duration.ofDays(amount);
    };
  }

  private static String unparsable(String text) {
    return CoreMessage.DURATION_SYNTAX.text("Cannot parse duration '" + text + "'" + expected());
  }

  private static String expected() {
    return "; expected ISO-8601 like 'PT14M' or numbers with units: 500ms, 30s, 14m, 2h, 1d, 1h30m";
  }
}
