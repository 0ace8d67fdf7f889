package org.timerlock.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

/**
 * Wraps a real DataSource and counts what goes to the database: statement executions, commits and
 * rollbacks, and every SQLException the driver throws. Optionally hands out a connection bound to
 * the test thread (standing for a caller's open local transaction).
 */
final class CountingDataSource {

  private static final Set<String> EXECUTIONS =
      Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate", "executeBatch");

  final AtomicInteger executions = new AtomicInteger();
  final AtomicInteger commits = new AtomicInteger();
  final AtomicInteger rollbacks = new AtomicInteger();
  final AtomicInteger errors = new AtomicInteger();
  final AtomicInteger boundConnectionUses = new AtomicInteger();
  private final DataSource target;
  private final ThreadLocal<Connection> bound = new ThreadLocal<>();
  private final DataSource proxy;

  CountingDataSource(DataSource target) {
    this.target = target;
    this.proxy =
        (DataSource)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {DataSource.class},
                (p, m, args) -> {
                  if (m.getName().equals("getConnection")) {
                    Connection threadBound = bound.get();
                    if (threadBound != null) {
                      boundConnectionUses.incrementAndGet();
                      return connection(threadBound, false);
                    }
                    return connection((Connection) invoke(target, m, args), true);
                  }
                  return invoke(target, m, args);
                });
  }

  DataSource dataSource() {
    return proxy;
  }

  /** From now on, this thread's getConnection returns this connection (not closed by callers). */
  void bindToThread(Connection connection) {
    bound.set(connection);
  }

  void unbind() {
    bound.remove();
  }

  void reset() {
    executions.set(0);
    commits.set(0);
    rollbacks.set(0);
    errors.set(0);
  }

  private Object invoke(Object on, java.lang.reflect.Method m, Object[] args) throws Throwable {
    try {
      return m.invoke(on, args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof SQLException) {
        errors.incrementAndGet();
      }
      throw e.getCause();
    }
  }

  private Connection connection(Connection real, boolean closeable) {
    InvocationHandler handler =
        (p, m, args) -> {
          switch (m.getName()) {
            case "close":
              if (!closeable) {
                return null;
              }
              break;
            case "commit":
              commits.incrementAndGet();
              break;
            case "rollback":
              rollbacks.incrementAndGet();
              break;
            default:
          }
          Object result = invoke(real, m, args);
          if (result instanceof PreparedStatement ps) {
            return statement(ps, PreparedStatement.class);
          }
          if (result instanceof Statement s) {
            return statement(s, Statement.class);
          }
          return result;
        };
    return (Connection)
        Proxy.newProxyInstance(
            getClass().getClassLoader(), new Class<?>[] {Connection.class}, handler);
  }

  private Object statement(Statement real, Class<?> type) {
    return Proxy.newProxyInstance(
        getClass().getClassLoader(),
        new Class<?>[] {type},
        (p, m, args) -> {
          if (EXECUTIONS.contains(m.getName())) {
            executions.incrementAndGet();
          }
          return invoke(real, m, args);
        });
  }
}
