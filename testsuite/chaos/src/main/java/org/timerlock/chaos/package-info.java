/**
 * A multi-JVM chaos harness for TimerLock's "once per fire" promise.
 *
 * <p>{@link org.timerlock.chaos.ChaosRun} starts several {@link org.timerlock.chaos.ChaosNode} JVMs
 * with skewed clocks that fire one schedule against a real lock store, injects faults (kill -9,
 * SIGSTOP, Redis restarts) from a seeded plan, and {@link org.timerlock.chaos.Analysis} turns what
 * the nodes logged and what the {@link org.timerlock.chaos.Fence fenced resource} accepted into a
 * {@link org.timerlock.chaos.RunReport}. {@link org.timerlock.chaos.ChaosMain} runs the same seed
 * with the fire guard and fencing on and off, side by side.
 */
package org.timerlock.chaos;
