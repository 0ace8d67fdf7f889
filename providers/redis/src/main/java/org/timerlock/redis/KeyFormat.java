package org.timerlock.redis;

/**
 * The lock key of a name: {@code <key-prefix>:<environment>:<name>}, ShedLock's layout, made
 * injective. The name is used as it is, {@code ':'} and all, so every name keeps ShedLock's key; in
 * the key prefix and the environment, which must not contain a bare {@code ':'} for the key to be
 * read back unambiguously, {@code '%'} is written {@code %25} and {@code ':'} is written {@code
 * %3A} (percent-encoding). A prefix and an environment without either character are used as they
 * are.
 *
 * <p>So the key is split back at its first two {@code ':'}: different (prefix, environment, name)
 * never share a key, e.g. environment {@code prod} with name {@code billing:nightly} ({@code
 * job-lock:prod:billing:nightly}) and environment {@code prod:billing} with name {@code nightly}
 * ({@code job-lock:prod%3Abilling:nightly}).
 */
final class KeyFormat {

  private KeyFormat() {}

  /**
   * The part of every key before the name.
   *
   * @return {@code <key-prefix>:<environment>:}, both escaped
   */
  static String base(String keyPrefix, String environment) {
    return escape(keyPrefix) + ":" + escape(environment) + ":";
  }

  /** {@code '%'} as {@code %25} and {@code ':'} as {@code %3A}; other text as it is. */
  static String escape(String part) {
    if (part.indexOf(':') < 0 && part.indexOf('%') < 0) {
      return part;
    }
    StringBuilder escaped = new StringBuilder(part.length() + 8);
    for (int i = 0; i < part.length(); i++) {
      char c = part.charAt(i);
      switch (c) {
        case '%' -> escaped.append("%25");
        case ':' -> escaped.append("%3A");
        default -> escaped.append(c);
      }
    }
    return escaped.toString();
  }
}
