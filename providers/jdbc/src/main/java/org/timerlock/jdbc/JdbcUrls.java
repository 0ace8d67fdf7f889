package org.timerlock.jdbc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What TimerLock shows of a JDBC URL: the database product, host, port and database, taken from the
 * URL and checked against strict patterns; never its user-info, query or property parts, where
 * drivers take passwords in forms no list of names can follow ({@code password=}, MySQL's {@code
 * password1=}, SQL Server's {@code password = x} and {@code password={a;b}}, {@code
 * aadSecurePrincipalSecret=}, {@code keyStoreSecret=}, Oracle's {@code user/pass@host}, ...).
 */
final class JdbcUrls {

  /** A product or sub-protocol name, such as {@code postgresql} or {@code h2}. */
  private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]{0,40}");

  /** A host name, an IPv4 address or a bracketed IPv6 one; with SQL Server's instance name. */
  private static final String HOST =
      "(?:[A-Za-z0-9_.-]{1,253}|\\[[0-9A-Fa-f:.]{2,45}\\])(?:\\\\[A-Za-z0-9_$.-]{1,64})?";

  private static final Pattern HOST_AND_PORT = Pattern.compile(HOST + "(?::[0-9]{1,5})?");

  /** A database name, or an embedded database's path. */
  private static final Pattern DATABASE = Pattern.compile("[A-Za-z0-9_$.~/-]{1,200}");

  /** Oracle's address after {@code @}: {@code host:port:SID}, {@code //host:port/service}. */
  private static final Pattern ORACLE_ADDRESS =
      Pattern.compile("(//)?(" + HOST + ")(?::([0-9]{1,5}))?(?:([:/])([A-Za-z0-9_$.-]{1,128}))?");

  /** Sub-protocols shown after the product: they name a mode or transport, never a credential. */
  private static final Set<String> KNOWN_SUBPROTOCOLS =
      Set.of(
          "tcp",
          "ssl",
          "mem",
          "memory",
          "file",
          "nio",
          "split",
          "zip",
          "hsql",
          "hsqls",
          "http",
          "https",
          "res",
          "thin",
          "oci",
          "oci8",
          "kprb",
          "loadbalance",
          "replication",
          "sequential",
          "aurora",
          "failover",
          "sqlserver",
          "directory",
          "classpath");

  /** Products whose URL names a path or in-memory database instead of a host. */
  private static final Set<String> EMBEDDED = Set.of("h2", "hsqldb", "derby", "sqlite", "duckdb");

  /** Shown in place of an address that does not look like one. */
  static final String ADDRESS_NOT_SHOWN = "(address not shown)";

  private JdbcUrls() {}

  /**
   * The URL as messages show it: e.g. {@code jdbc:postgresql://db1:5432/orders} for {@code
   * jdbc:postgresql://db1:5432/orders?user=app&password=x}, {@code jdbc:sqlserver://db1:1433} for
   * {@code jdbc:sqlserver://db1:1433;databaseName=orders;password=x}, {@code
   * jdbc:oracle:thin:@db1:1521:ORCL} for {@code jdbc:oracle:thin:app/x@db1:1521:ORCL}.
   *
   * @param url a JDBC URL, or any text given as one
   * @return the product, host, port and database that could be told safely; never user-info, query
   *     or properties
   */
  static String describe(String url) {
    String text = url == null ? "" : url.strip();
    StringBuilder shown = new StringBuilder();
    if (text.regionMatches(true, 0, "jdbc:", 0, 5)) {
      shown.append("jdbc:");
      text = text.substring(5);
    }
    int colon = text.indexOf(':');
    if (colon < 0 || !SCHEME.matcher(text.substring(0, colon)).matches()) {
      return shown + "(not a URL)";
    }
    String product = text.substring(0, colon).toLowerCase(Locale.ROOT);
    shown.append(text, 0, colon);
    String rest = text.substring(colon + 1);
    while (!rest.startsWith("//")) {
      int next = rest.indexOf(':');
      if (next < 0
          || !KNOWN_SUBPROTOCOLS.contains(rest.substring(0, next).toLowerCase(Locale.ROOT))) {
        break;
      }
      shown.append(':').append(rest, 0, next);
      rest = rest.substring(next + 1);
    }
    shown.append(':');
    if (product.equals("oracle")) {
      shown.append(oracleAddress(rest));
    } else if (rest.startsWith("//")) {
      shown.append("//").append(hostsAndDatabase(rest.substring(2)));
    } else if (EMBEDDED.contains(product)) {
      String path = cut(rest, ";?");
      if (DATABASE.matcher(path).matches()) {
        shown.append(path);
      }
    }
    String result = shown.toString();
    return result.endsWith(":") ? result.substring(0, result.length() - 1) : result;
  }

  /**
   * After {@code //}: the hosts and database, without the user-info before {@code @} and the query
   * or properties after {@code ?} or {@code ;}.
   */
  private static String hostsAndDatabase(String afterSlashes) {
    String r = afterSlashes;
    // User-info ends at the last '@' before the first '=' (an '@' after it is in a parameter).
    int firstEquals = r.indexOf('=');
    int at = r.lastIndexOf('@', firstEquals < 0 ? r.length() : firstEquals);
    if (at >= 0) {
      r = r.substring(at + 1);
    }
    String pre = cut(r, "?;#");
    int slash = pre.indexOf('/');
    String authority = slash < 0 ? pre : pre.substring(0, slash);
    String hosts = ADDRESS_NOT_SHOWN;
    if (!authority.isEmpty()
        && List.of(authority.split(",", -1)).stream()
            .allMatch(h -> HOST_AND_PORT.matcher(h).matches())) {
      hosts = authority;
    }
    if (slash < 0) {
      return hosts;
    }
    String database = cut(pre.substring(slash + 1), ":");
    return DATABASE.matcher(database).matches() ? hosts + "/" + database : hosts;
  }

  /** Oracle: the address after the last {@code @}; what comes before it is user and password. */
  private static String oracleAddress(String rest) {
    int at = rest.lastIndexOf('@');
    if (at < 0) {
      return "";
    }
    String address = cut(rest.substring(at + 1), "?");
    if (address.startsWith("(")) {
      String host = descriptorValue(address, "HOST");
      String port = descriptorValue(address, "PORT");
      String service = descriptorValue(address, "SERVICE_NAME");
      if (service == null) {
        service = descriptorValue(address, "SID");
      }
      if (host == null || !HOST_AND_PORT.matcher(host).matches()) {
        return "@" + ADDRESS_NOT_SHOWN;
      }
      return "@//"
          + host
          + (port != null && port.matches("[0-9]{1,5}") ? ":" + port : "")
          + (service != null && DATABASE.matcher(service).matches() ? "/" + service : "");
    }
    Matcher m = ORACLE_ADDRESS.matcher(address);
    if (!m.matches()) {
      return "@" + ADDRESS_NOT_SHOWN;
    }
    return "@"
        + (m.group(1) == null ? "" : "//")
        + m.group(2)
        + (m.group(3) == null ? "" : ":" + m.group(3))
        + (m.group(4) == null ? "" : m.group(4) + m.group(5));
  }

  /** The first {@code (KEY=value)} of an Oracle connect descriptor. */
  private static String descriptorValue(String descriptor, String key) {
    Matcher m =
        Pattern.compile("\\(\\s*" + key + "\\s*=\\s*([^()\\s]+)\\s*\\)", Pattern.CASE_INSENSITIVE)
            .matcher(descriptor);
    return m.find() ? m.group(1) : null;
  }

  /** The text up to the first of these characters. */
  private static String cut(String text, String stops) {
    for (int i = 0; i < text.length(); i++) {
      if (stops.indexOf(text.charAt(i)) >= 0) {
        return text.substring(0, i);
      }
    }
    return text;
  }

  /**
   * The parts of a URL that messages must not show: every value in it (after {@code =}, in
   * user-info, Oracle's {@code user/pass}), which is every token but the parameter names and what
   * {@link #describe} shows. Which of them are secrets cannot be known, so none is shown.
   *
   * @param url the URL
   * @return the tokens, longest first
   */
  static List<String> hiddenParts(String url) {
    Set<String> shown = Set.copyOf(tokens(describe(url), false));
    List<String> hidden = new ArrayList<>();
    for (String token : tokens(url, true)) {
      if (token.length() >= MIN_HIDDEN
          && !shown.contains(token)
          && !HARMLESS.contains(token.toLowerCase(Locale.ROOT))
          && !hidden.contains(token)) {
        hidden.add(token);
      }
    }
    hidden.sort((a, b) -> Integer.compare(b.length(), a.length()));
    return List.copyOf(hidden);
  }

  /** Tokens shorter than this are left in messages: they would blank out ordinary words. */
  static final int MIN_HIDDEN = 3;

  /** Values that are no one's secret and common in messages. */
  private static final Set<String> HARMLESS = Set.of("true", "false", "yes", "no", "on", "off");

  /** Where URL syntax splits tokens. */
  private static final String SEPARATORS = ";&?@/:=,(){}[]#\"'\\ \t\r\n";

  /**
   * The tokens of a URL between its separators; without parameter names (a token after {@code ? & ;
   * : (} or at the start and before {@code =}) when asked.
   */
  private static List<String> tokens(String url, boolean withoutNames) {
    List<String> tokens = new ArrayList<>();
    int i = 0;
    int n = url.length();
    while (i < n) {
      if (SEPARATORS.indexOf(url.charAt(i)) >= 0) {
        i++;
        continue;
      }
      int start = i;
      while (i < n && SEPARATORS.indexOf(url.charAt(i)) < 0) {
        i++;
      }
      String token = url.substring(start, i);
      if (!(withoutNames && isParameterName(url, start, i))) {
        tokens.add(token);
      }
    }
    return tokens;
  }

  private static boolean isParameterName(String url, int start, int end) {
    int before = start - 1;
    while (before >= 0 && Character.isWhitespace(url.charAt(before))) {
      before--;
    }
    int after = end;
    while (after < url.length() && Character.isWhitespace(url.charAt(after))) {
      after++;
    }
    boolean opens = before < 0 || "?&;:(".indexOf(url.charAt(before)) >= 0;
    return opens && after < url.length() && url.charAt(after) == '=';
  }
}
