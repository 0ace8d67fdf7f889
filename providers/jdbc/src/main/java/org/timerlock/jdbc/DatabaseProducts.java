package org.timerlock.jdbc;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/**
 * The database products this provider supports, and which {@link Dialect} each one gets. Kept apart
 * from {@code Dialect} so that the base class of the dialects names none of them: adding a database
 * is one subclass and one line here.
 */
final class DatabaseProducts {

  /** A product this provider supports: how its metadata is recognised, and its dialect. */
  private record Product(String label, ProductMatch matches, DialectFactory dialect) {}

  @FunctionalInterface
  private interface ProductMatch {
    /** Whether the product name and version (both lower case) are this product's. */
    boolean test(String product, String version);
  }

  @FunctionalInterface
  private interface DialectFactory {
    Dialect create(DatabaseMetaData metaData) throws SQLException;
  }

  /** In the order they are tried: MariaDB may call itself MySQL. */
  private static final List<Product> PRODUCTS =
      List.of(
          new Product(
              "MariaDB",
              (p, v) -> p.contains("mariadb") || (p.contains("mysql") && v.contains("mariadb")),
              MySqlDialect::mariaDb),
          new Product("MySQL", (p, v) -> p.contains("mysql"), MySqlDialect::mySql),
          new Product(
              "PostgreSQL", (p, v) -> p.contains("postgresql"), m -> new PostgreSqlDialect()),
          new Product("H2", (p, v) -> p.equals("h2"), m -> new H2Dialect()),
          new Product("HSQLDB", (p, v) -> p.contains("hsql"), m -> new HsqlDbDialect()),
          new Product("Derby", (p, v) -> p.contains("derby"), m -> new DerbyDialect()),
          new Product("Oracle", (p, v) -> p.contains("oracle"), m -> new OracleDialect()),
          new Product(
              "SQL Server",
              (p, v) -> p.contains("microsoft sql server"),
              m -> new SqlServerDialect()),
          new Product("DB2", (p, v) -> p.startsWith("db2"), m -> new Db2Dialect()));

  private DatabaseProducts() {}

  /**
   * The products {@link #detect} recognises, for messages.
   *
   * @return e.g. {@code MariaDB, MySQL, PostgreSQL, ...}
   */
  static String supportedProducts() {
    return String.join(", ", PRODUCTS.stream().map(Product::label).toList());
  }

  /**
   * The dialect of the connected database and driver: the server decides the SQL, and the driver
   * how it may be run (MariaDB's {@code INSERT ... RETURNING} only as a query through MariaDB's own
   * driver, see {@link MySqlDialect#mariaDb}).
   *
   * @return the dialect, or null when the product is not supported
   */
  static Dialect detect(DatabaseMetaData metaData) throws SQLException {
    String product = metaData.getDatabaseProductName();
    String version = metaData.getDatabaseProductVersion();
    String p = product == null ? "" : product.toLowerCase(Locale.ROOT);
    String v = version == null ? "" : version.toLowerCase(Locale.ROOT);
    for (Product known : PRODUCTS) {
      if (known.matches().test(p, v)) {
        return known.dialect().create(metaData);
      }
    }
    return null;
  }
}
