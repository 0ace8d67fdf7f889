package org.timerlock.testkit;

/**
 * The whole contract: implement this in a provider's test class to run every scenario against it.
 * The parts can also be implemented one by one.
 */
public interface LockProviderContract
    extends BasicLockingContract,
        ExpiryContract,
        OwnershipContract,
        NameContract,
        ConcurrencyContract,
        ExecutorContract,
        FuzzContract,
        FireGuardContract,
        LateStartContract,
        FencingContract {}
