package org.timerlock.example;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The read-only REST API under {@code /api}. */
@ApplicationPath("api")
public class ExampleApplication extends Application {}
