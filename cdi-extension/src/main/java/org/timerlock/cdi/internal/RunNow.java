package org.timerlock.cdi.internal;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockedJob;
import org.timerlock.cdi.RunNowResult;
import org.timerlock.cdi.RunNowResult.Outcome;
import org.timerlock.cdi.internal.DirectRun.Decision;
import org.timerlock.core.LockProvider;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.spi.Printable;

/**
 * An operator's run now: audits the request, refuses what TimerLock cannot run, starts the rest as
 * a manual run and turns its lock decision into a {@link RunNowResult}.
 */
@ApplicationScoped
public class RunNow {

  private static final Logger LOG = System.getLogger(RunNow.class.getName());

  private final JobRegistry jobs;
  private final DirectRunner runner;
  private final LockProvider provider;
  private final LockEventChannel events;
  private final String nodeId;

  /** For the container's client proxy only. */
  protected RunNow() {
    this.jobs = null;
    this.runner = null;
    this.provider = null;
    this.events = null;
    this.nodeId = null;
  }

  @Inject
  RunNow(
      JobRegistry jobs,
      DirectRunner runner,
      LockProvider provider,
      LockEventChannel events,
      DeployedLocks locks) {
    this.jobs = jobs;
    this.runner = runner;
    this.provider = provider;
    this.events = events;
    this.nodeId = locks.nodeId();
  }

  /**
   * Runs a job now on this node, as {@code LockedJobs.runNow} describes.
   *
   * @param name the lock name
   * @param by who asks
   * @return what happened
   * @throws IllegalArgumentException when name or by is null or blank
   */
  public RunNowResult run(String name, String by) {
    if (name == null || name.isBlank() || by == null || by.isBlank()) {
      throw new IllegalArgumentException(
          CdiMessage.INVALID_ARGUMENT.text(
              "LockedJobs.runNow(name, by): the lock name and who asks must not be blank; was"
                  + " name "
                  + (name == null ? "null" : "'" + Printable.shortened(name) + "'")
                  + ", by "
                  + (by == null ? "null" : "'" + Printable.shortened(by) + "'")));
    }
    Optional<LockedJob> found = jobs.job(name);
    if (found.isEmpty()) {
      return result(
          name,
          Outcome.UNKNOWN_LOCK,
          "no job of this deployment runs under lock '" + Printable.shortened(name) + "'");
    }
    LockedJob job = found.get();
    audit(name, by);
    if (!job.enabled()) {
      return result(name, Outcome.DISABLED, refusal(name, job.notRunnableReason().orElseThrow()));
    }
    if (!job.runnable()) {
      return result(
          name, Outcome.NOT_RUNNABLE, refusal(name, job.notRunnableReason().orElseThrow()));
    }
    Decision decision;
    try {
      decision = runner.start(DirectRun.manual(name));
    } catch (RejectedExecutionException e) {
      return result(
          name,
          Outcome.SHUTTING_DOWN,
          "the server's executor refused to start '"
              + Printable.shortened(name)
              + "' (the application is stopping?): "
              + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return undecided(name);
    }
    return decision == null ? undecided(name) : result(name, decision);
  }

  private void audit(String name, String by) {
    ResolvedLock lock = jobs.lockOf(name).orElseThrow();
    LOG.log(
        Level.WARNING,
        CdiMessage.RUN_NOW_REQUESTED.text(
            "TimerLock: {0} asked node {1} to run lock ''{2}'' ({3}) now, as a manual run"),
        Printable.shortened(by),
        nodeId,
        Printable.shortened(name),
        lock.where());
    events
        .publisher(lock.method())
        .operatorAction(LockEvent.Kind.RUN_NOW, lock.configuration().manual(), by, null);
  }

  private RunNowResult result(String name, Decision decision) {
    String lock = "'" + Printable.shortened(name) + "'";
    if (decision.outcome() == null) {
      String why =
          decision.failure() == null
              ? "the call did not reach TimerLock's interceptor"
              : decision.failure().toString();
      LOG.log(
          Level.WARNING,
          CdiMessage.DIRECT_RUN_FAILED.text(
              "TimerLock: the run of lock {0} ended before its lock decision: {1}"),
          lock,
          why);
      return result(
          name,
          DirectRun.storeFailure(decision.failure()) ? Outcome.STORE_FAILURE : Outcome.NOT_RUNNABLE,
          "the run of " + lock + " ended before its lock decision: " + why);
    }
    return switch (decision.outcome()) {
      case EXECUTED -> result(name, Outcome.STARTED, lock + " started on node " + nodeId);
      case HELD_ELSEWHERE -> heldElsewhere(name);
      case HELD_BY_THIS_NODE ->
          new RunNowResult(
              name,
              Outcome.HELD_ELSEWHERE,
              nodeId,
              lock + " is held by this node's earlier run, for its lockAtLeastFor");
      case PAUSED -> result(name, Outcome.PAUSED, lock + " is paused" + pause(name));
      case DISABLED -> result(name, Outcome.DISABLED, lock + " is switched off by configuration");
      case SHUTTING_DOWN -> result(name, Outcome.SHUTTING_DOWN, "node " + nodeId + " is stopping");
      case STORE_FAILURE ->
          result(name, Outcome.STORE_FAILURE, "the lock store could not answer for " + lock);
      case ALREADY_RAN ->
          // A manual run names no fire; only a store that misreads the request answers this.
          result(name, Outcome.NOT_RUNNABLE, "the store refused " + lock + " as already run");
    };
  }

  private RunNowResult heldElsewhere(String name) {
    String holder = find(name).filter(LockInfo::held).map(LockInfo::nodeId).orElse(null);
    return new RunNowResult(
        name,
        Outcome.HELD_ELSEWHERE,
        holder,
        "'"
            + Printable.shortened(name)
            + "' is held by "
            + (holder == null ? "another node" : "node " + Printable.of(holder)));
  }

  private String pause(String name) {
    return find(name).map(LockInfo::pause).map(pause -> " (" + pause + ")").orElse("");
  }

  /** The lock as the store has it, when the provider can tell; never fails the answer. */
  private Optional<LockInfo> find(String name) {
    try {
      return provider.admin().flatMap((LockAdmin admin) -> admin.find(name));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private static String refusal(String name, String reason) {
    return "TimerLock cannot run '" + Printable.shortened(name) + "' now: " + reason;
  }

  private static RunNowResult undecided(String name) {
    return result(
        name,
        Outcome.UNDECIDED,
        "no lock decision for '"
            + Printable.shortened(name)
            + "' within "
            + DirectRunner.DECISION_WAIT.toSeconds()
            + " s; the run may still start: its lock events and the store will tell");
  }

  private static RunNowResult result(String name, Outcome outcome, String message) {
    return new RunNowResult(name, outcome, null, message);
  }
}
