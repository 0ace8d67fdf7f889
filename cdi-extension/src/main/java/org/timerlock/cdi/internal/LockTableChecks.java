package org.timerlock.cdi.internal;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.Printable;

/**
 * The rules that look at the deployment's locks together rather than one method at a time: no two
 * methods share a lock name by accident, and every name fits the lock store. Each rule adds its
 * deployment problems, naming the methods at fault.
 */
final class LockTableChecks {

  // The extension's logger: operators filter TimerLock's deployment lines by that category.
  private static final Logger LOG = System.getLogger(TimerLockExtension.class.getName());

  private final DeployedLocks locks;
  private final Problems problems;

  LockTableChecks(DeployedLocks locks, Problems problems) {
    this.locks = locks;
    this.problems = problems;
  }

  /**
   * Rejects a lock name used by several methods, unless it is marked shared or is the one name of a
   * class-level annotation; a name so shared must have the same durations in every method.
   */
  void rejectUnintendedSharing() {
    Map<LockCandidate, ResolvedLock> annotated = locks.annotated();
    Map<String, List<LockCandidate>> byName =
        annotated.keySet().stream()
            .collect(
                Collectors.groupingBy(
                    c -> annotated.get(c).name(), LinkedHashMap::new, Collectors.toList()));
    byName.forEach(
        (name, users) -> {
          boolean oneClassLevelLock =
              users.stream().allMatch(c -> c.classLevel() && !c.annotation().name().isEmpty())
                  && users.stream().map(LockCandidate::beanClass).distinct().count() == 1;
          if (users.size() < 2) {
            return;
          }
          if (oneClassLevelLock || annotated.get(users.get(0)).shared()) {
            rejectDifferentSettings(name, users);
            return;
          }
          problems.add(
              CdiMessage.NAME_SHARED.text(
                  "@SchedulerLock: the lock name '"
                      + Printable.shortened(name)
                      + "' is used by "
                      + users.stream()
                          .map(LockCandidate::where)
                          .collect(Collectors.joining(" and "))
                      + "; only one of them would run at a time and the others would be skipped."
                      + " Give"
                      + " each its own name, or set "
                      + LockKeys.SHARED.printedKey(name)
                      + "=true if they are meant to exclude each other"));
        });
  }

  /**
   * Rejects a shared name whose methods give it different durations: each call would take the lock
   * with its own method's lockAtMostFor, so how long a crashed holder blocks the others would
   * depend on which method took it.
   */
  private void rejectDifferentSettings(String name, List<LockCandidate> users) {
    Map<LockCandidate, ResolvedLock> annotated = locks.annotated();
    Map<String, List<String>> bySettings =
        users.stream()
            .collect(
                Collectors.groupingBy(
                    c -> settings(annotated.get(c)),
                    LinkedHashMap::new,
                    Collectors.mapping(LockCandidate::where, Collectors.toList())));
    if (bySettings.size() < 2) {
      return;
    }
    List<String> differing = new ArrayList<>();
    bySettings.forEach(
        (settings, methods) -> methods.forEach(m -> differing.add(m + " (" + settings + ")")));
    problems.add(
        CdiMessage.SHARED_SETTINGS_DIFFER.text(
            "@SchedulerLock: the shared lock '"
                + Printable.shortened(name)
                + "' has different settings in "
                + String.join(" and ", differing)
                + "; a shared lock has one lockAtMostFor and one lockAtLeastFor, else how long a"
                + " crashed holder blocks the others depends on which method took it. Give the"
                + " methods the same values, or set them for the lock with "
                + LockKeys.LOCK_AT_MOST_FOR.printedKey(name)
                + " and "
                + LockKeys.LOCK_AT_LEAST_FOR.printedKey(name)));
  }

  private static String settings(ResolvedLock lock) {
    return "lockAtMostFor "
        + lock.configuration().lockAtMostFor()
        + ", lockAtLeastFor "
        + lock.configuration().lockAtLeastFor();
  }

  /**
   * Rejects lock names longer than the store accepts. A store that cannot say at deployment is
   * logged, and its names are checked at the first fire instead.
   *
   * @param provider the deployment's lock provider
   * @return the provider's description, or its class name when the store could not be asked
   */
  String rejectNamesTooLongFor(LockProvider provider) {
    // Asked apart from the limit: a description needs no store (the JNDI name of a DataSource that
    // is not reachable yet), and the deployment lines name the store by it.
    String description = provider.description();
    int maxLength;
    try {
      maxLength = provider.maxNameLength();
    } catch (RuntimeException e) {
      // The store may be down at deployment; that must not stop the application.
      LOG.log(
          Level.WARNING,
          CdiMessage.NAME_LIMIT_UNKNOWN.text(
              "TimerLock could not ask the lock store for its name length limit; lock names are"
                  + " checked at the first fire instead: {0}"),
          e.getMessage());
      maxLength = Integer.MAX_VALUE;
    }
    for (Map.Entry<LockCandidate, ResolvedLock> entry : locks.annotated().entrySet()) {
      String name = entry.getValue().name();
      if (name.length() > maxLength) {
        problems.add(
            entry.getKey(),
            CdiMessage.NAME_TOO_LONG.text(
                "the lock name '"
                    + Printable.shortened(name)
                    + "' has "
                    + name.length()
                    + " characters but the lock store ("
                    + description
                    + ") accepts at most "
                    + maxLength
                    + "; give a shorter name"));
      }
    }
    return description;
  }
}
