/**
 * The contract every {@link org.timerlock.core.LockProvider} passes, as JUnit 5 test interfaces.
 *
 * <p>A provider module's test class implements {@link org.timerlock.testkit.LockProviderContract}
 * and supplies two provider instances on the same store, standing for two nodes of a cluster:
 *
 * <pre>{@code
 * class PostgresLockProviderTest implements LockProviderContract {
 *   public LockProvider provider() { return node1; }
 *   public LockProvider otherNode() { return node2; }
 *   public LockProvider unreachableStore() { return providerOn("jdbc:postgresql://127.0.0.1:1/x"); }
 * }
 * }</pre>
 *
 * <p>A provider with a {@link org.timerlock.core.admin.LockAdmin} also implements {@link
 * org.timerlock.testkit.LockAdminContract} (look-up, release, listing, and its parts {@link
 * org.timerlock.testkit.PauseContract} and {@link org.timerlock.testkit.HistoryContract}) and, when
 * it records runs, {@link org.timerlock.testkit.LastRunContract}. The history scenarios, and those
 * that start a node after a pause, run when the fixture overrides {@link
 * org.timerlock.testkit.ProviderFixture#newNode}.
 *
 * <p>The contract brings no store: each provider's tests supply their own. TimerLock's own
 * providers take theirs from the unpublished {@code timerlock-test-stores} module.
 */
package org.timerlock.testkit;
