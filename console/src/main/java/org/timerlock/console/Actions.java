package org.timerlock.console;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.function.Function;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockPause;

/**
 * The operator's actions, each audited under the caller's name: pause and resume pass it as {@code
 * by} to {@link LockAdmin}, run now to the integration, and a release is audited by the injectable
 * admin itself, which names the caller of the request.
 */
final class Actions {

  private final LockAdmin admin;
  private final Jobs jobs;

  Actions(LockAdmin admin, Jobs jobs) {
    this.admin = admin;
    this.jobs = jobs;
  }

  /**
   * Runs one action.
   *
   * @param action {@code release}, {@code pause}, {@code resume} or {@code run-now}
   * @param parameters the request's parameters by name, null when absent
   * @param by the caller
   * @return what happened, for the operator
   * @throws IllegalArgumentException when the action or a parameter is not usable (message code
   *     included)
   * @throws UnsupportedOperationException when the store or integration cannot do it
   * @throws org.timerlock.core.LockException when the store does not answer
   */
  String run(String action, Function<String, String> parameters, String by) {
    String name = required(parameters, "name");
    return switch (action) {
      case "release" -> release(name, required(parameters, "owner"));
      case "pause" -> pause(name, until(parameters.apply("until")), by);
      case "resume" ->
          admin.resume(name, by) ? "resumed " + quoted(name) : quoted(name) + " was not paused";
      case "run-now" -> jobs.runNow(name, by);
      default -> throw bad("there is no action " + quoted(action));
    };
  }

  private String release(String name, String owner) {
    return admin.release(name, owner)
        ? "released " + quoted(name)
        : quoted(name) + " is not held by that acquisition any more: nothing released";
  }

  private String pause(String name, Instant until, String by) {
    LockPause pause = admin.pause(name, until, by).pause();
    return "paused "
        + quoted(name)
        + (pause == null
            ? ""
            : " by "
                + RowJson.bounded(pause.by())
                + pause.endsAt().map(end -> " until " + end).orElse(" until resumed"));
  }

  private static Instant until(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return Instant.parse(text.strip());
    } catch (DateTimeParseException e) {
      throw bad(
          "until = "
              + quoted(text)
              + " is not an instant such as 2030-01-31T08:00:00Z; leave it empty to pause"
              + " until resumed");
    }
  }

  private static String required(Function<String, String> parameters, String name) {
    String value = parameters.apply(name);
    if (value == null || value.isEmpty()) {
      throw bad("the parameter " + name + " is missing");
    }
    return value;
  }

  private static String quoted(String text) {
    return "'" + RowJson.bounded(text) + "'";
  }

  private static IllegalArgumentException bad(String problem) {
    return new IllegalArgumentException(
        ConsoleMessage.BAD_ACTION.text("TimerLock console: " + problem));
  }
}
