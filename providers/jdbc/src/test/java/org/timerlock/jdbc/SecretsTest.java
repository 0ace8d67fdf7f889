package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.Test;
import org.timerlock.core.DefaultLockingTaskExecutor;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.LockListener;
import org.timerlock.core.LockProvider;
import org.timerlock.core.StoreFailurePolicy;
import org.timerlock.core.StoreOperation;
import org.timerlock.core.spi.ProviderSettings;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * No secret of a pool's URL, nor its configured password, in anything TimerLock prints or throws:
 * the deployment error (the factory, HikariCP's "Failed to get driver instance for jdbcUrl=..."
 * included), the provider's description, the store failure (the LockException and its causes, the
 * executor's skip warning, what listeners get) and every log line of TimerLock's loggers. Each
 * password form a driver accepts; the database is unreachable, except in the last case, where it
 * answers and the table is created.
 */
class SecretsTest {

  /** One URL and the secrets in it. */
  private record Case(String url, String password, String... secrets) {}

  private static final List<Case> UNREACHABLE =
      List.of(
          // PostgreSQL's password parameter.
          new Case(
              "jdbc:postgresql://127.0.0.1:1/test?user=app&password=Pg-Secret-01&connectTimeout=1",
              null,
              "Pg-Secret-01"),
          // User-info, which MariaDB's driver does not parse: it quotes it ("Incorrect port").
          new Case(
              "jdbc:mariadb://app:Maria-Secret-02@127.0.0.1:1/test?connectTimeout=1000",
              null,
              "Maria-Secret-02"),
          // MySQL Connector/J: user-info, and the multi-factor password1..3.
          new Case(
              "jdbc:mysql://app:MySql-Secret-03@127.0.0.1:1/test?connectTimeout=1000",
              null,
              "MySql-Secret-03"),
          new Case(
              "jdbc:mysql://127.0.0.1:1/test?user=app&password1=Mfa-Secret-04"
                  + "&password2=Mfa-Secret-05&connectTimeout=1000",
              null,
              "Mfa-Secret-04",
              "Mfa-Secret-05"),
          // SQL Server: spaces around '=', braces around ';', Entra ID and key store secrets.
          new Case(
              "jdbc:sqlserver://127.0.0.1:1;databaseName=test;user=app;password = Ms-Secret-06"
                  + ";loginTimeout=1",
              null,
              "Ms-Secret-06"),
          new Case(
              "jdbc:sqlserver://127.0.0.1:1;user=app;password={Ms-Alpha-07;Ms-Beta-07}"
                  + ";loginTimeout=1",
              null,
              "Ms-Alpha-07",
              "Ms-Beta-07"),
          new Case(
              "jdbc:sqlserver://127.0.0.1:1;authentication=ActiveDirectoryServicePrincipal"
                  + ";aadSecurePrincipalId=app-id;aadSecurePrincipalSecret=Aad-Secret-08"
                  + ";loginTimeout=1",
              null,
              "Aad-Secret-08"),
          new Case(
              "jdbc:sqlserver://127.0.0.1:1;columnEncryptionSetting=Enabled"
                  + ";keyStoreAuthentication=JavaKeyStorePassword"
                  + ";keyStoreLocation=/etc/keys.jks;keyStoreSecret=Ks-Secret-09;loginTimeout=1",
              null,
              "Ks-Secret-09"),
          // Oracle: user/password before '@' (no driver here: HikariCP's failure path).
          new Case("jdbc:oracle:thin:app/Ora-Secret-10@127.0.0.1:1:ORCL", null, "Ora-Secret-10"),
          new Case(
              "jdbc:oracle:thin:app/\"Ora@Secret-11\"@(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)"
                  + "(HOST=127.0.0.1)(PORT=1))(CONNECT_DATA=(SERVICE_NAME=orcl)))",
              null,
              "Ora@Secret-11",
              "Secret-11"),
          // No driver for the URL, and a configured password too.
          new Case(
              "jdbc:no-such-driver://app:Nd-Secret-12@127.0.0.1/db?password=Nd-Secret-13",
              "Cfg-Secret-14",
              "Nd-Secret-12",
              "Nd-Secret-13",
              "Cfg-Secret-14"));

  private final List<String> logged = new CopyOnWriteArrayList<>();

  @Test
  void noSecretInAnythingTimerLockPrintsOrThrows() throws Exception {
    Logger timerLock = Logger.getLogger("org.timerlock");
    Level level = timerLock.getLevel();
    Handler handler = recorder();
    timerLock.addHandler(handler);
    timerLock.setLevel(Level.ALL);
    try {
      int deploymentErrors = 0;
      for (Case c : UNREACHABLE) {
        logged.clear();
        if (!useUnreachable(c)) {
          deploymentErrors++;
        }
      }
      assertThat(deploymentErrors)
          .as("URLs refused at deployment (HikariCP's failure)")
          .isEqualTo(3);
      logged.clear();
      useReachable();
    } finally {
      timerLock.removeHandler(handler);
      timerLock.setLevel(level);
    }
  }

  /**
   * Deploys, describes, fails to lock and closes.
   *
   * @return false when the deployment failed
   */
  private boolean useUnreachable(Case c) throws Exception {
    List<String> seen = new ArrayList<>();
    LockProvider provider;
    try {
      provider = create(c.url(), c.password());
    } catch (IllegalArgumentException deployment) {
      String text = fullText(deployment);
      seen.add(text);
      assertThat(deployment.getMessage())
          .as("deployment error for %s", c.url())
          .startsWith("TIMERLOCK-302 timerlock.jdbc.url = \"" + JdbcUrls.describe(c.url()) + "\"");
      assertNoSecret(c, seen);
      return false;
    }
    try {
      String described = provider.description();
      seen.add(described);
      assertThat(described).as("description of %s", c.url()).contains(JdbcUrls.describe(c.url()));
      seen.add(String.valueOf(provider.maxNameLength())); // logs a warning when unreachable
      LockConfiguration config = LockConfiguration.of("secret-test", Duration.ofMinutes(1));
      try {
        provider.lock(config);
        throw new AssertionError("locked on an unreachable database: " + c.url());
      } catch (LockException failure) {
        seen.add(fullText(failure));
        assertThat(failure.getMessage()).contains(JdbcUrls.describe(c.url()));
      }
      List<Throwable> reported = new CopyOnWriteArrayList<>();
      LockListener listener =
          new LockListener() {
            @Override
            public void storeFailure(
                LockConfiguration configuration, StoreOperation operation, LockException e) {
              reported.add(e);
            }
          };
      new DefaultLockingTaskExecutor(provider, StoreFailurePolicy.SKIP, List.of(listener))
          .executeWithLock(() -> {}, config);
      assertThat(reported).as("store failure reported").hasSize(1);
      reported.forEach(t -> seen.add(fullText(t)));
      seen.add(provider.description());
    } finally {
      ((AutoCloseable) provider).close();
    }
    seen.addAll(logged);
    assertThat(logged).as("the executor's skip warning").anyMatch(m -> m.contains("Skipped"));
    assertNoSecret(c, seen);
    return true;
  }

  /**
   * A reachable PostgreSQL with a password in the URL (the server trusts the connection, so it is
   * not checked), and one in the configuration: the table is created, logged and used.
   */
  private void useReachable() throws Exception {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass())) {
      String url = db.url() + "&password=Pg-Secret-15&ApplicationName=secrets-test";
      Case c = new Case(url, "Cfg-Secret-16", "Pg-Secret-15", "Cfg-Secret-16");
      List<String> seen = new ArrayList<>();
      LockProvider provider = create(url, c.password(), db.user());
      try {
        seen.add(provider.description());
        provider
            .lock(LockConfiguration.of("secret-test", Duration.ofMinutes(1)))
            .orElseThrow()
            .unlock();
        seen.add(provider.description());
        seen.add(String.valueOf(provider.maxNameLength()));
      } finally {
        ((AutoCloseable) provider).close();
      }
      seen.addAll(logged);
      assertThat(logged).anyMatch(m -> m.startsWith("TIMERLOCK-310 Created lock table"));
      assertThat(String.join("\n", seen)).contains("(jdbc:postgresql://");
      assertNoSecret(c, seen);
    }
  }

  private static void assertNoSecret(Case c, List<String> seen) {
    for (String text : seen) {
      for (String secret : c.secrets()) {
        assertThat(text).as("what TimerLock showed of %s", c.url()).doesNotContain(secret);
      }
    }
  }

  private static LockProvider create(String url, String password) {
    return create(url, password, "app");
  }

  private static LockProvider create(String url, String password, String user) {
    Map<String, String> values = new HashMap<>();
    values.put("timerlock.jdbc.url", url);
    values.put("timerlock.jdbc.username", user);
    values.put("timerlock.jdbc.connection-timeout", "300ms");
    values.put("timerlock.jdbc.table", "secrets_locks");
    if (password != null) {
      values.put("timerlock.jdbc.password", password);
    }
    return new JdbcLockProviderFactory()
        .create(
            new ProviderSettings() {
              @Override
              public Optional<String> get(String key) {
                return Optional.ofNullable(values.get(key));
              }

              @Override
              public String nodeId() {
                return "secrets-test";
              }
            });
  }

  /** The exception as a log would print it: messages and classes of every cause and suppressed. */
  private static String fullText(Throwable t) {
    StringWriter out = new StringWriter();
    t.printStackTrace(new PrintWriter(out));
    return out.toString();
  }

  private Handler recorder() {
    SimpleFormatter formatter = new SimpleFormatter();
    return new Handler() {
      @Override
      public void publish(LogRecord record) {
        String message = formatter.formatMessage(record);
        logged.add(
            record.getThrown() == null ? message : message + "\n" + fullText(record.getThrown()));
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
  }
}
