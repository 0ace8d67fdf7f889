package org.timerlock.docs;

import javax.sql.DataSource;
import org.timerlock.core.LockProvider;

/**
 * What a Java fragment of the docs may use without declaring it. A block of class members or of
 * statements is compiled inside a class that extends this one (see {@link JavaSnippet}), so that a
 * snippet can show {@code new DefaultLockingTaskExecutor(provider)} without first showing where the
 * provider came from. Keep this list short: everything else a fragment uses is declared in the
 * fragment.
 */
public abstract class SnippetContext {

  /** A lock provider, as the application has one: built, injected or produced. */
  protected LockProvider provider;

  /** The application's {@code DataSource}. */
  protected DataSource dataSource;

  /** For the snippets' classes. */
  protected SnippetContext() {}
}
