package org.timerlock.example;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.timerlock.cdi.LockEvent;

/**
 * The recent executions on this node, and the locks this node holds right now. Jobs report their
 * runs; skips and lock hand-overs arrive as TimerLock's {@link LockEvent}s.
 *
 * <p>Every run and skip is also logged as one line starting with {@code [timerlock-example]}, which
 * is what the cluster demo collects from the nodes' logs.
 */
@ApplicationScoped
public class ExecutionLog {

  private static final System.Logger LOG = System.getLogger(ExecutionLog.class.getName());
  private static final int KEEP = 500;
  private static final DateTimeFormatter SECOND =
      DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

  private final Deque<Execution> recent = new ArrayDeque<>();
  private final Map<String, Instant> heldHere = new TreeMap<>();

  @Inject NodeIdentity node;

  /**
   * Records one run of a job.
   *
   * @param lock the lock name
   * @param start when it started
   * @param failed whether it threw
   */
  public void ran(String lock, Instant start, boolean failed) {
    Instant end = Instant.now();
    add(new Execution(node.name(), lock, failed ? "failed" : "ran", start, end, null));
    LOG.log(
        Level.INFO,
        "[timerlock-example] fire={0} lock={1} node={2} outcome={3} millis={4}",
        fireOf(start),
        lock,
        node.name(),
        failed ? "failed" : "ran",
        Long.toString(ChronoUnit.MILLIS.between(start, end)));
  }

  void onLockEvent(@Observes LockEvent event) {
    switch (event.kind()) {
      case SKIPPED, ALREADY_RAN -> {
        Instant at = event.timestamp();
        String outcome = event.kind() == LockEvent.Kind.SKIPPED ? "skipped" : "already-ran";
        Instant fire = event.fireInstant().orElse(null);
        add(new Execution(node.name(), event.lockName(), outcome, at, at, fire));
        LOG.log(
            Level.INFO,
            "[timerlock-example] fire={0} lock={1} node={2} outcome={3} millis=0",
            fireOf(fire != null ? fire : at),
            event.lockName(),
            node.name(),
            outcome);
      }
      case ACQUIRED -> {
        synchronized (heldHere) {
          heldHere.put(event.lockName(), event.timestamp());
        }
      }
      case RELEASED -> {
        synchronized (heldHere) {
          heldHere.remove(event.lockName());
        }
      }
      case STORE_FAILURE ->
          LOG.log(
              Level.WARNING,
              "[timerlock-example] lock={0} node={1} store failure: {2}",
              event.lockName(),
              node.name(),
              event.failure().map(Throwable::toString).orElse("unknown"));
    }
  }

  /**
   * The most recent executions and skips on this node, oldest first.
   *
   * @return a copy
   */
  public List<Execution> recent() {
    synchronized (recent) {
      return new ArrayList<>(recent);
    }
  }

  /**
   * The locks this node holds right now, with when it took them.
   *
   * @return lock name to acquisition time
   */
  public Map<String, Instant> heldHere() {
    synchronized (heldHere) {
      return new TreeMap<>(heldHere);
    }
  }

  private void add(Execution execution) {
    synchronized (recent) {
      recent.addLast(execution);
      while (recent.size() > KEEP) {
        recent.removeFirst();
      }
    }
  }

  /** The schedule's fire time this attempt belongs to: timers fire on the second, give or take. */
  private static String fireOf(Instant at) {
    return SECOND.format(at.plusMillis(500).truncatedTo(ChronoUnit.SECONDS));
  }
}
