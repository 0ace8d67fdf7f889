package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The example with {@link SlowJob} on both domains, {@code gf1} and {@code gf2}, fresh ones (this
 * class runs first): a domain undeployed during a run of the job lets the run do its work and
 * releases the lock, so the other domain runs the next slot at its time rather than 5 minutes
 * later.
 */
@ExtendWith(Servers.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DeployAndDrainIT {

  private static final String APP = "drain";

  private static final Duration WAIT = Duration.ofSeconds(90);

  private static final List<GlassFishDomain> DEPLOYED = new ArrayList<>();

  private static Audit audit;

  @BeforeAll
  static void deployOnBoth() {
    audit = new Audit(Servers.database());
    Path war = Deployments.exampleAppWith(APP, SlowJob.class);
    for (int number = 1; number <= 2; number++) {
      GlassFishDomain node = Servers.node(number);
      GlassFishDomain.Result result = node.deploy(war, APP);
      assertTrue(result.succeeded(), "the application deploys on " + node.name() + ": " + result);
      DEPLOYED.add(node);
    }
  }

  @AfterAll
  static void undeployWhatIsLeft() {
    for (GlassFishDomain node : List.copyOf(DEPLOYED)) {
      undeploy(node);
    }
  }

  @Test
  @Order(1)
  void aDomainUndeployedDuringARunLetsItEndAndTheOtherRunsTheNextSlot() throws Exception {
    Audit.Run run = aRunInItsFirstSecond();
    GlassFishDomain holder =
        DEPLOYED.stream().filter(n -> n.name().equals(run.node())).findFirst().orElseThrow();
    GlassFishDomain other = DEPLOYED.stream().filter(n -> n != holder).findFirst().orElseThrow();

    // Released, not left to its 5-minute lease: the row's lease then ends at the release. The row
    // is watched from before the undeployment, which may outlast the release: the next slot's
    // acquisition by the other domain replaces the row 6 s after it. The audit table cannot say
    // that the run ended: GlassFish refuses the application's EJB calls (the write of the run's
    // end) once the undeployment has begun, while the timer still runs.
    Instant leaseIfReleased = run.started().plus(Duration.ofMinutes(1));
    CompletableFuture<Audit.LockRow> released =
        CompletableFuture.supplyAsync(() -> awaitRelease(holder, leaseIfReleased));
    undeploy(holder);
    Audit.LockRow row = released.get();
    assertTrue(
        !row.lockUntil().isBefore(run.started().plus(SlowJob.RUN)),
        "released once the run had done its "
            + SlowJob.RUN.toSeconds()
            + " s of work, not cut short: "
            + row
            + ", the run started at "
            + run.started());
    Instant next = run.fire().plus(SlowJob.PERIOD);
    Audit.await(
        "a run of the next slot " + next + " on " + other.name(),
        WAIT,
        () ->
            audit.runs(SlowJob.LOCK, run.started()).stream()
                .anyMatch(r -> next.equals(r.fire()) && r.node().equals(other.name())));
  }

  /**
   * The lock row once the holder has released it: still naming the holder (another domain's
   * acquisition would name that domain), its lease ending long before a 5-minute one would.
   */
  private static Audit.LockRow awaitRelease(GlassFishDomain holder, Instant leaseIfReleased) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    try {
      while (true) {
        Audit.LockRow row = audit.lockRow(SlowJob.LOCK);
        if (row.lockedBy().startsWith(holder.name() + "/")
            && row.lockUntil().isBefore(leaseIfReleased)) {
          return row;
        }
        if (System.nanoTime() > deadline) {
          throw new AssertionError(
              "the lock not released by " + holder.name() + " within " + WAIT + ": " + row);
        }
        Thread.sleep(50);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A run of the job that started less than a second ago and has not ended. */
  private static Audit.Run aRunInItsFirstSecond() throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      Instant recent = Instant.now().minusSeconds(1);
      Optional<Audit.Run> started =
          audit.runs(SlowJob.LOCK, recent).stream().filter(r -> r.ended() == null).findFirst();
      if (started.isPresent()) {
        return started.get();
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no run of " + SlowJob.LOCK + " started within " + WAIT);
      }
      Thread.sleep(50);
    }
  }

  private static void undeploy(GlassFishDomain node) {
    DEPLOYED.remove(node);
    node.undeploy(APP);
  }
}
