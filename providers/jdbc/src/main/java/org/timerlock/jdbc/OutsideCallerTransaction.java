package org.timerlock.jdbc;

import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.naming.NoInitialContextException;
import javax.sql.DataSource;

/**
 * Runs lock statements so that they commit on their own, whatever transaction the caller is in.
 *
 * <ul>
 *   <li>No JTA transaction on the calling thread and an autocommit connection: the statement runs
 *       right here, on the caller's thread (the common case in Java SE and outside transactions).
 *   <li>A JTA transaction on the calling thread (seen through {@code
 *       java:comp/TransactionSynchronizationRegistry}), or a connection handed out with autocommit
 *       off (a local transaction may be open on it): the work runs on another thread with no
 *       transaction context, a {@code ManagedExecutorService} in a Jakarta EE server (whose tasks
 *       run without the submitter's transaction) or the provider's own daemon thread in Java SE.
 *   <li>On that thread, a connection with autocommit off is one the provider owns for the
 *       operation: it commits (or rolls back) itself and leaves the autocommit setting as found.
 * </ul>
 */
final class OutsideCallerTransaction implements AutoCloseable {

  private static final System.Logger LOG =
      System.getLogger(OutsideCallerTransaction.class.getName());

  static final String REGISTRY_JNDI = "java:comp/TransactionSynchronizationRegistry";
  static final String EXECUTOR_JNDI = "java:comp/DefaultManagedExecutorService";

  private static final int STATUS_NO_TRANSACTION = 6;

  /** How long a task may wait for the executor to start it before a thread of our own runs it. */
  static final Duration START_WAIT = Duration.ofSeconds(5);

  /** Work done with one connection. */
  @FunctionalInterface
  interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  private final Executor configuredExecutor;
  private final Duration maxWait;
  private volatile boolean noJndi;
  private volatile Object registry;
  private volatile Method statusMethod;
  private volatile Executor managedExecutor;
  private volatile ExecutorService ownExecutor;
  private boolean closed;

  /**
   * @param executor where work outside the caller's transaction runs; null to use the server's
   *     default managed executor, or the provider's own thread where there is none
   * @param maxWait how long the caller waits for that work: an executor may accept a task and never
   *     run it (GlassFish fails tasks submitted while the application is still loading), and the
   *     caller, often an EJB timer holding its singleton, must not wait for ever
   */
  OutsideCallerTransaction(Executor executor, Duration maxWait) {
    this.configuredExecutor = executor;
    this.maxWait = maxWait;
  }

  <T> T run(DataSource dataSource, Work<T> work) throws SQLException {
    if (!jtaTransactionActive()) {
      Connection connection = dataSource.getConnection();
      try {
        if (connection.getAutoCommit()) {
          return work.run(connection);
        }
      } finally {
        connection.close();
      }
    }
    return onOtherThread(dataSource, work);
  }

  private <T> T onOtherThread(DataSource dataSource, Work<T> work) throws SQLException {
    FutureTask<T> task = new FutureTask<>(() -> runOwned(dataSource, work));
    AtomicBoolean started = new AtomicBoolean();
    Runnable once =
        () -> {
          if (started.compareAndSet(false, true)) {
            task.run();
          }
        };
    Executor executor = start(once);
    long deadline = System.nanoTime() + maxWait.toNanos();
    try {
      try {
        return task.get(Math.min(START_WAIT.toNanos(), maxWait.toNanos()), TimeUnit.NANOSECONDS);
      } catch (TimeoutException notYet) {
        if (executor != ownExecutor && started.compareAndSet(false, true)) {
          // The executor accepted the task but has not started it: GlassFish drops tasks submitted
          // while the application is loading. A thread of the provider's own has no transaction
          // context either, so the statement runs there instead of never.
          LOG.log(
              Level.DEBUG,
              () -> executor + " did not start the lock statement within " + START_WAIT);
          ownExecutor().execute(task);
        }
        return task.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      }
    } catch (TimeoutException e) {
      // Cancelled while running, the statement is interrupted; a lock it may still have taken
      // expires after lockAtMostFor.
      task.cancel(true);
      throw new SQLException(
          "The lock statement, run outside the caller's transaction, did not finish within "
              + maxWait
              + "; it is cancelled",
          e);
    } catch (InterruptedException e) {
      task.cancel(true);
      Thread.currentThread().interrupt();
      throw new SQLException("Interrupted while waiting for the lock statement", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof SQLException s) {
        throw s;
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new SQLException(cause);
    }
  }

  /**
   * Hands the task to the executor, or to a thread of the provider's own when the executor refuses
   * it; returns the one that took it.
   */
  private Executor start(Runnable task) throws SQLException {
    Executor executor = executor();
    try {
      executor.execute(task);
      return executor;
    } catch (RuntimeException refused) {
      if (executor == ownExecutor) {
        throw new SQLException(
            "No thread to run the lock statement outside the transaction", refused);
      }
      // A server stops its managed executor before the application's last runs end; each server
      // refuses in its own way (RejectedExecutionException, IllegalStateException). The release
      // of such a run must still reach the database, or every node skips the job until
      // lockAtMostFor: a thread of the provider's own has no transaction context either.
      LOG.log(
          Level.DEBUG,
          () ->
              executor
                  + " refused the lock statement ("
                  + refused
                  + "); it runs on our own thread");
    }
    try {
      ExecutorService own = ownExecutor();
      own.execute(task);
      return own;
    } catch (RejectedExecutionException e) {
      throw new SQLException("No thread to run the lock statement outside the transaction", e);
    }
  }

  /** On a thread without transaction context: this connection is the operation's own. */
  static <T> T runOwned(DataSource dataSource, Work<T> work) throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      if (connection.getAutoCommit()) {
        return work.run(connection);
      }
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        try {
          connection.rollback();
        } catch (SQLException suppressed) {
          e.addSuppressed(suppressed);
        }
        throw e;
      }
    }
  }

  boolean jtaTransactionActive() {
    Object tsr = registry();
    if (tsr == null) {
      return false;
    }
    try {
      Object status = statusMethod.invoke(tsr);
      return !(status instanceof Integer i) || i != STATUS_NO_TRANSACTION;
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.log(Level.DEBUG, "Cannot read the transaction status; assuming a transaction", e);
      return true;
    }
  }

  private Object registry() {
    Object tsr = registry;
    if (tsr != null || noJndi) {
      return tsr;
    }
    try {
      Object found = new InitialContext().lookup(REGISTRY_JNDI);
      Method method = statusMethodOf(found);
      if (method != null) {
        statusMethod = method;
        registry = found;
        return found;
      }
    } catch (NoInitialContextException e) {
      noJndi = true; // Java SE without JNDI: there is no JTA either.
    } catch (NamingException | RuntimeException e) {
      LOG.log(Level.TRACE, () -> REGISTRY_JNDI + " is not available here: " + e);
    }
    return null;
  }

  private static Method statusMethodOf(Object tsr) {
    for (String type :
        new String[] {
          "jakarta.transaction.TransactionSynchronizationRegistry",
          "javax.transaction.TransactionSynchronizationRegistry"
        }) {
      try {
        Class<?> api = Class.forName(type, false, tsr.getClass().getClassLoader());
        if (api.isInstance(tsr)) {
          return api.getMethod("getTransactionStatus");
        }
      } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
        // try the next name
      }
    }
    return null;
  }

  private Executor executor() {
    if (configuredExecutor != null) {
      return configuredExecutor;
    }
    Executor managed = managedExecutor;
    if (managed != null) {
      return managed;
    }
    if (!noJndi) {
      try {
        Object found = new InitialContext().lookup(EXECUTOR_JNDI);
        if (found instanceof Executor e) {
          managedExecutor = e;
          return e;
        }
      } catch (NoInitialContextException e) {
        noJndi = true;
      } catch (NamingException | RuntimeException e) {
        LOG.log(Level.TRACE, () -> EXECUTOR_JNDI + " is not available here: " + e);
      }
    }
    return ownExecutor();
  }

  private synchronized ExecutorService ownExecutor() {
    if (closed) {
      throw new RejectedExecutionException("The lock provider is closed");
    }
    if (ownExecutor == null) {
      AtomicInteger count = new AtomicInteger();
      ownExecutor =
          Executors.newCachedThreadPool(
              r -> {
                Thread t = new Thread(r, "timerlock-jdbc-" + count.incrementAndGet());
                t.setDaemon(true);
                return t;
              });
    }
    return ownExecutor;
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (ownExecutor != null) {
      ownExecutor.shutdown();
      try {
        ownExecutor.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
