package org.timerlock.redis;

/**
 * A URI or node list that could not be read. It keeps what may be shown of the text apart from what
 * is wrong with it, so that the factory can report the problem against its configuration key
 * without quoting the text, which may hold a password.
 */
final class UnreadableValue extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final String shown;
  private final String problem;

  /**
   * @param what the argument, e.g. {@code "the Redis URI"}
   * @param shown the text as messages may show it
   * @param accepted what would have been accepted
   * @param cause the parser's failure, whose message says what is wrong without quoting the text
   */
  UnreadableValue(String what, String shown, String accepted, IllegalArgumentException cause) {
    super(
        RedisMessage.INVALID_ARGUMENT.text(
            what + " " + shown + ": " + cause.getMessage() + "; expected " + accepted),
        cause);
    this.shown = shown;
    this.problem = cause.getMessage();
  }

  /** The text as messages may show it: hosts and ports at most. */
  String shown() {
    return shown;
  }

  /** What is wrong with the text, e.g. {@code "it has no host"}. */
  String problem() {
    return problem;
  }
}
