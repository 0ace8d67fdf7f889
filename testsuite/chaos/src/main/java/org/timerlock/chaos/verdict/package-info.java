/**
 * The verdicts of a chaos run, one class each, all read from the same {@link
 * org.timerlock.chaos.verdict.Execution executions}: {@link org.timerlock.chaos.verdict.Fires once
 * per fire}, {@link org.timerlock.chaos.verdict.Overlaps never two holders}, {@link
 * org.timerlock.chaos.verdict.FencedWrites no stale write accepted}, {@link
 * org.timerlock.chaos.verdict.TokenOrder tokens that only grow}, and {@link
 * org.timerlock.chaos.verdict.Faults what followed each fault}. {@link
 * org.timerlock.chaos.Analysis} composes them into a {@link org.timerlock.chaos.RunReport}.
 */
package org.timerlock.chaos.verdict;
