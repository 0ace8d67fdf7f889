package org.timerlock.cdi.internal.jfr;

/** Whether this JVM has the Flight Recorder API, asked once without loading an event class. */
final class FlightRecorderCheck {

  static final boolean AVAILABLE = available();

  private FlightRecorderCheck() {}

  private static boolean available() {
    try {
      Class.forName("jdk.jfr.Event", false, FlightRecorderCheck.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
