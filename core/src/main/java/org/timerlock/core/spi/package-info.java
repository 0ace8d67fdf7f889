/**
 * How integrations (the CDI extension, or your own bootstrap code) build a {@link
 * org.timerlock.core.LockProvider} from configuration without depending on the provider modules:
 * each provider module registers a {@link org.timerlock.core.spi.LockProviderFactory} with {@link
 * java.util.ServiceLoader}.
 */
package org.timerlock.core.spi;
