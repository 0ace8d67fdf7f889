package org.timerlock.teststores;

/**
 * Where a store answers, and which rule found it.
 *
 * @param kind the store
 * @param url a JDBC URL, or a Redis URI
 * @param user the user, or null
 * @param password the password, or null
 * @param origin how it was found, for messages: the variable, "Testcontainers" or "local default"
 */
public record StoreAddress(
    StoreKind kind, String url, String user, String password, String origin) {

  @Override
  public String toString() {
    // Never print the password.
    String shown = url.replaceAll("//([^:/@]*):[^@/]*@", "//$1:***@");
    return kind.label()
        + " at "
        + shown
        + (user == null ? "" : " as " + user)
        + " ("
        + origin
        + ")";
  }
}
