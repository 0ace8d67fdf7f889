package org.timerlock.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.timerlock.chaos.verdict.Fires;

/** The analysis on hand-made logs: what counts as a duplicate, an overlap, a stale write. */
class AnalysisTest {

  private static final ChaosSettings SETTINGS =
      new ChaosSettings(2, 1_000, 250, 1_000, 0, 100, 100, 0, 0, 1);

  @Test
  void aStoppedHolderIsOverlappedAndItsStaleWriteRefused() {
    RunData.Incarnation n0 =
        incarnation(
            0,
            0,
            false,
            "READY pid=1 skew=0 t=9000",
            "START exec=n0.0.1 fire=10000 token=1 at=9990 t=10000",
            "WRITE exec=n0.0.1 outcome=APPLIED t=10100",
            "END exec=n0.0.1 t=10100",
            "ATTEMPT fire=10000 outcome=EXECUTED at=9990 t=10101",
            "START exec=n0.0.2 fire=10250 token=2 at=10250 t=10251",
            "WRITE exec=n0.0.2 outcome=REFUSED t=12000",
            "END exec=n0.0.2 t=12000",
            "ATTEMPT fire=10250 outcome=EXECUTED at=10250 t=12001",
            "DONE t=12100");
    RunData.Incarnation n1 =
        incarnation(
            1,
            0,
            false,
            "READY pid=2 skew=0 t=9000",
            "ATTEMPT fire=10000 outcome=ALREADY_RAN at=10050 t=10051",
            "ATTEMPT fire=10250 outcome=HELD_ELSEWHERE at=10300 t=10301",
            "ATTEMPT fire=10500 outcome=HELD_ELSEWHERE at=10550 t=10551",
            "START exec=n1.0.1 fire=10750 token=3 at=11300 t=11301",
            "WRITE exec=n1.0.1 outcome=APPLIED t=11400",
            "END exec=n1.0.1 t=11400",
            "ATTEMPT fire=10750 outcome=EXECUTED at=11300 t=11401",
            "START exec=n1.0.2 fire=10000 token=4 at=11500 t=11500",
            "WRITE exec=n1.0.2 outcome=APPLIED t=11600",
            "END exec=n1.0.2 t=11600",
            "ATTEMPT fire=10000 outcome=EXECUTED at=11500 t=11601",
            "DONE t=12100");
    RunData data =
        data(
            List.of(n0, n1),
            List.of(
                new RunData.FaultEvent(FaultPlan.Kind.LONG_PAUSE, 0, 0, 10260, 11990, "n0.0.2")),
            List.of(
                new Fence.Row(1, "n0.0.1", 1L, true, true),
                new Fence.Row(2, "n1.0.1", 3L, true, true),
                new Fence.Row(3, "n1.0.2", 4L, true, true),
                new Fence.Row(4, "n0.0.2", 2L, false, true)));

    RunReport r = Analysis.analyze(data);

    assertThat(r.fires().scheduled()).isEqualTo(4);
    assertThat(r.fires().run()).isEqualTo(3);
    assertThat(r.fires().runTwice()).isEqualTo(1);
    assertThat(r.fires().extraExecutions()).isEqualTo(1);
    assertThat(r.executions()).isEqualTo(4);
    assertThat(r.fires().missed()).isEqualTo(1);
    assertThat(r.fires().missedByReason()).containsEntry(Fires.MISSED_HELD, 1L);
    assertThat(r.attempts())
        .containsEntry("EXECUTED", 4L)
        .containsEntry("HELD_ELSEWHERE", 2L)
        .containsEntry("ALREADY_RAN", 1L);
    assertThat(r.overlaps().count()).isEqualTo(2);
    assertThat(r.overlaps().toldApart()).isEqualTo(2);
    assertThat(r.writes().applied()).isEqualTo(3);
    assertThat(r.writes().staleAccepted()).isZero();
    assertThat(r.writes().appliedBelowToken()).isZero();
    assertThat(r.writes().refusedStale()).isEqualTo(1);
    assertThat(r.writes().refusedOther()).isZero();
    assertThat(r.tokens().inversions()).isZero();
    assertThat(r.unexpectedExits()).isZero();
    assertThat(r.faults().outcomes())
        .singleElement()
        .satisfies(f -> assertThat(f.note()).contains("REFUSED"));
    assertThat(Json.write(r.toMap())).contains("\"staleWritesRefused\": 1");
  }

  @Test
  void anUnfencedLateWriteIsStaleAndATokenThatWentBackIsAnInversion() {
    RunData.Incarnation n0 =
        incarnation(
            0,
            0,
            false,
            "START exec=n0.0.1 fire=10000 token=5 at=10000 t=10001",
            "WRITE exec=n0.0.1 outcome=APPLIED_UNFENCED t=12000",
            "END exec=n0.0.1 t=12000",
            "DONE t=13000");
    RunData.Incarnation n1 =
        incarnation(
            1,
            0,
            false,
            "START exec=n1.0.1 fire=10250 token=6 at=11200 t=11201",
            "WRITE exec=n1.0.1 outcome=APPLIED_UNFENCED t=11300",
            "END exec=n1.0.1 t=11300",
            "START exec=n1.0.2 fire=10500 token=3 at=12500 t=12501",
            "WRITE exec=n1.0.2 outcome=APPLIED_UNFENCED t=12600",
            "END exec=n1.0.2 t=12600",
            "DONE t=13000");
    RunData data =
        data(
            List.of(n0, n1),
            List.of(),
            List.of(
                new Fence.Row(1, "n1.0.1", 6L, true, false),
                new Fence.Row(2, "n0.0.1", 5L, true, false),
                new Fence.Row(3, "n1.0.2", 3L, true, false)));

    RunReport r = Analysis.analyze(data);

    assertThat(r.writes().appliedUnfenced()).isEqualTo(3);
    assertThat(r.writes().staleAccepted()).isEqualTo(1);
    assertThat(r.writes().appliedBelowToken()).isEqualTo(2);
    assertThat(r.tokens().inversions()).isEqualTo(1);
    assertThat(r.overlaps().count()).isEqualTo(1);
    assertThat(r.fires().missed()).isEqualTo(1);
    assertThat(r.fires().missedByReason()).containsEntry(Fires.MISSED_NO_ATTEMPT, 1L);
  }

  @Test
  void aKilledHoldersJobEndsAtTheKillAndTheTakeoverIsTimedFromIt() {
    RunData.Incarnation killed =
        incarnation(0, 0, true, "START exec=n0.0.1 fire=10000 token=1 at=10000 t=10001");
    RunData.Incarnation restarted =
        incarnation(
            0,
            1,
            false,
            "ATTEMPT fire=10750 outcome=STORE_FAILURE at=10760 t=10761",
            "DONE t=12000");
    RunData.Incarnation other =
        incarnation(
            1,
            0,
            false,
            "ATTEMPT fire=10250 outcome=HELD_ELSEWHERE at=10260 t=10261",
            "START exec=n1.0.1 fire=10500 token=2 at=11100 t=11101",
            "WRITE exec=n1.0.1 outcome=APPLIED t=11200",
            "END exec=n1.0.1 t=11200",
            "DONE t=12000");
    RunData data =
        data(
            List.of(killed, restarted, other),
            List.of(new RunData.FaultEvent(FaultPlan.Kind.KILL, 0, 0, 10050, 10500, "n0.0.1")),
            List.of(new Fence.Row(1, "n1.0.1", 2L, true, true)));

    RunReport r = Analysis.analyze(data);

    assertThat(r.overlaps().count()).isZero();
    assertThat(r.writes().lost()).isEqualTo(1);
    assertThat(r.faults().holderTakeovers()).containsExactly(1_051L);
    assertThat(r.fires().missedByReason())
        .containsEntry(Fires.MISSED_HELD, 1L)
        .containsEntry(Fires.MISSED_STORE_DOWN, 1L);
    assertThat(RunReportMarkdown.sideBySide(List.of(r)))
        .contains("| **fires run twice** (extra executions) | **0** (0) |");
  }

  private static RunData.Incarnation incarnation(
      int node, int incarnation, boolean killed, String... lines) {
    return new RunData.Incarnation(
        node,
        incarnation,
        9_000,
        killed ? 10_050 : 13_000,
        killed,
        Arrays.stream(lines).map(EventLine::parse).toList());
  }

  private static RunData data(
      List<RunData.Incarnation> incarnations,
      List<RunData.FaultEvent> faults,
      List<Fence.Row> writes) {
    return new RunData(
        Store.POSTGRES,
        Mode.GUARDED,
        SETTINGS,
        List.of(0L, 0L),
        Set.of("FENCING_TOKENS", "FIRE_GUARD"),
        10_000,
        11_000,
        incarnations,
        faults,
        writes);
  }
}
