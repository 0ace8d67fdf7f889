package org.timerlock.core;

import java.util.Objects;

/**
 * What a release tells the store about the run it ends: the outcome and, for a failure, the
 * exception's class and a message that is safe to store and show (see {@link #failed}).
 *
 * @param outcome how the run ended
 * @param errorClass the class of the exception the task threw; null unless it failed
 * @param errorMessage its message made safe: escaped, without credentials, at most {@link
 *     #MAX_MESSAGE_LENGTH} characters; null unless it failed or when it had no message
 */
public record RunEnd(RunOutcome outcome, String errorClass, String errorMessage) {

  /** The longest error message a release stores, in characters. */
  public static final int MAX_MESSAGE_LENGTH = 300;

  private static final RunEnd SUCCEEDED = new RunEnd(RunOutcome.SUCCEEDED, null, null);

  /**
   * Checks the outcome.
   *
   * @throws NullPointerException when the outcome is null
   */
  public RunEnd {
    Objects.requireNonNull(outcome, "outcome");
  }

  /**
   * A run that returned normally.
   *
   * @return the end
   */
  public static RunEnd succeeded() {
    return SUCCEEDED;
  }

  /**
   * A run that threw. The message is the exception's own, with credentials in URLs and {@code
   * password=...}-like pairs masked, control characters escaped, and cut to {@link
   * #MAX_MESSAGE_LENGTH} characters, so that a store row or an operator's page never carries a
   * secret, a forged log line or a megabyte of text.
   *
   * @param failure what the task threw
   * @return the end
   */
  public static RunEnd failed(Throwable failure) {
    return new RunEnd(
        RunOutcome.FAILED, failure.getClass().getName(), SafeErrorText.of(failure.getMessage()));
  }

  /**
   * The same end as seen by a provider that found the lease over at release.
   *
   * @return an end whose outcome is {@link RunOutcome#LOCK_LOST}, keeping any error
   */
  public RunEnd lockLost() {
    return new RunEnd(RunOutcome.LOCK_LOST, errorClass, errorMessage);
  }
}
