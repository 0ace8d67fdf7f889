package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How a pool's URL is described, and how its values are kept out of messages. */
class JdbcUrlsTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "jdbc:postgresql://db1:5432/orders?user=app&password=x | jdbc:postgresql://db1:5432/orders",
        "jdbc:postgresql://db1,db2:5433/orders?targetServerType=primary"
            + " | jdbc:postgresql://db1,db2:5433/orders",
        "jdbc:postgresql:orders | jdbc:postgresql",
        "jdbc:mysql://app:p@ss/w:rd@db1:3306/orders?password1=x | jdbc:mysql://db1:3306/orders",
        "jdbc:mysql://app:12;34@db1/orders | jdbc:mysql://db1/orders",
        "jdbc:mysql://db1/orders?user=me@corp&password=x | jdbc:mysql://db1/orders",
        "jdbc:mysql:loadbalance://db1:3306,db2:3306/orders | jdbc:mysql:loadbalance://db1:3306,db2:3306/orders",
        "jdbc:mysql://address=(host=db1)(port=3306)(password=x)/orders"
            + " | jdbc:mysql://(address not shown)/orders",
        "jdbc:mariadb://[::1]:3306/orders | jdbc:mariadb://[::1]:3306/orders",
        "jdbc:sqlserver://db1:1433;databaseName=orders;password = x | jdbc:sqlserver://db1:1433",
        "jdbc:sqlserver://db1\\SQLEXPRESS;password={a;b} | jdbc:sqlserver://db1\\SQLEXPRESS",
        "jdbc:sqlserver://;serverName=db1;password=x | jdbc:sqlserver://(address not shown)",
        "jdbc:jtds:sqlserver://db1:1433/orders;password=x | jdbc:jtds:sqlserver://db1:1433/orders",
        "jdbc:oracle:thin:app/x@db1:1521:ORCL | jdbc:oracle:thin:@db1:1521:ORCL",
        "jdbc:oracle:thin:app/\"p@ss\"@//db1:1521/orders | jdbc:oracle:thin:@//db1:1521/orders",
        "jdbc:oracle:thin:@(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=db1)(PORT=1521))"
            + "(CONNECT_DATA=(SERVICE_NAME=orders))) | jdbc:oracle:thin:@//db1:1521/orders",
        "jdbc:oracle:thin:app/x@orders_tns | jdbc:oracle:thin:@orders_tns",
        "jdbc:oracle:thin:app/x | jdbc:oracle:thin",
        "jdbc:db2://db1:50000/ORDERS:user=app;password=x; | jdbc:db2://db1:50000/ORDERS",
        "jdbc:h2:mem:orders;DB_CLOSE_DELAY=-1;PASSWORD=x | jdbc:h2:mem:orders",
        "jdbc:h2:tcp://db1:9092/~/orders;PASSWORD=x | jdbc:h2:tcp://db1:9092/~/orders",
        "jdbc:h2:~/orders | jdbc:h2:~/orders",
        "jdbc:derby:memory:orders;create=true;password=x | jdbc:derby:memory:orders",
        "jdbc:derby://db1:1527/orders;user=app;password=x | jdbc:derby://db1:1527/orders",
        "jdbc:hsqldb:hsql://db1/orders;password=x | jdbc:hsqldb:hsql://db1/orders",
        "jdbc:acme:app/secret | jdbc:acme",
        "jdbc:acme:user:secret@db1 | jdbc:acme",
        "postgres://u:x@h/db?password=y | postgres://h/db",
        "no url at all | (not a URL)",
      })
  void describesProductHostPortAndDatabaseOnly(String url, String expected) {
    assertThat(JdbcUrls.describe(url)).isEqualTo(expected);
  }

  @Test
  void everyValueOfTheUrlIsHiddenButNotTheNamesOrWhatIsShown() {
    String url =
        "jdbc:sqlserver://db1:1433;user=app;password={Alpha-pw;Beta-pw};encrypt=true"
            + ";aadSecurePrincipalSecret = Gamma-pw";
    assertThat(JdbcUrls.hiddenParts(url))
        .containsExactly("Alpha-pw", "Gamma-pw", "Beta-pw", "app")
        .doesNotContain("password", "encrypt", "true", "db1", "1433", "sqlserver", "jdbc");
  }

  @Test
  void theRedactedChainKeepsClassesStatesAndCodes() {
    String url = "jdbc:mariadb://app:Delta-pw@db1:3306/orders";
    Redactor redactor = Redactor.forPool(url, "Epsilon-pw");
    SQLException driver = new SQLException("Incorrect port value : Delta-pw@db1", "08000", 42);
    SQLTransientConnectionException pool =
        new SQLTransientConnectionException("pool - not available", "08001", driver);
    pool.addSuppressed(new IllegalStateException("bad URL " + url + " or Epsilon-pw"));

    Throwable copy = redactor.chain(pool);

    assertThat(copy).isInstanceOf(SQLException.class).hasMessage("pool - not available");
    assertThat(copy.toString())
        .isEqualTo("java.sql.SQLTransientConnectionException: pool - not available");
    assertThat(((SQLException) copy).getSQLState()).isEqualTo("08001");
    assertThat(copy.getStackTrace()).isEqualTo(pool.getStackTrace());
    SQLException cause = (SQLException) copy.getCause();
    assertThat(cause.getMessage()).isEqualTo("Incorrect port value : ***@db1");
    assertThat(cause.getSQLState()).isEqualTo("08000");
    assertThat(cause.getErrorCode()).isEqualTo(42);
    assertThat(copy.getSuppressed()[0]).hasMessage("bad URL jdbc:mariadb://db1:3306/orders or ***");

    SQLException clean = new SQLException("permission denied for table shedlock", "42501");
    assertThat(redactor.chain(clean)).as("nothing to hide: the same exception").isSameAs(clean);
    assertThat(Redactor.NONE.chain(pool)).isSameAs(pool);
  }
}
