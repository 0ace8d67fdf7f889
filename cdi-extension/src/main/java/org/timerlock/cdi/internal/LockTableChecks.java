package org.timerlock.cdi.internal;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.timerlock.core.LockProvider;

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
   * class-level annotation.
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
          if (users.size() < 2 || oneClassLevelLock || annotated.get(users.get(0)).shared()) {
            return;
          }
          problems.add(
              CdiMessage.NAME_SHARED.text(
                  "@SchedulerLock: the lock name '"
                      + name
                      + "' is used by "
                      + users.stream()
                          .map(LockCandidate::where)
                          .collect(Collectors.joining(" and "))
                      + "; only one of them would run at a time and the others would be skipped."
                      + " Give"
                      + " each its own name, or set "
                      + LockKeys.SHARED.key(name)
                      + "=true if they are meant to exclude each other"));
        });
  }

  /**
   * Rejects lock names longer than the store accepts. A store that cannot say at deployment is
   * logged, and its names are checked at the first fire instead.
   *
   * @param provider the deployment's lock provider
   * @return the provider's description, or its class name when the store could not be asked
   */
  String rejectNamesTooLongFor(LockProvider provider) {
    int maxLength;
    String description;
    try {
      maxLength = provider.maxNameLength();
      description = provider.description();
    } catch (RuntimeException e) {
      // The store may be down at deployment; that must not stop the application.
      LOG.log(
          Level.WARNING,
          CdiMessage.NAME_LIMIT_UNKNOWN.text(
              "TimerLock could not ask the lock store for its name length limit; lock names are"
                  + " checked at the first fire instead: {0}"),
          e.getMessage());
      maxLength = Integer.MAX_VALUE;
      description = provider.getClass().getName();
    }
    for (Map.Entry<LockCandidate, ResolvedLock> entry : locks.annotated().entrySet()) {
      String name = entry.getValue().name();
      if (name.length() > maxLength) {
        problems.add(
            entry.getKey(),
            CdiMessage.NAME_TOO_LONG.text(
                "the lock name '"
                    + name
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
