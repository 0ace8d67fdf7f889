package org.timerlock.console;

import jakarta.servlet.HttpConstraintElement;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.ServletSecurityElement;
import jakarta.servlet.annotation.ServletSecurity.TransportGuarantee;
import java.lang.System.Logger.Level;
import java.util.Set;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Adds the console to every web application that has this library in {@code WEB-INF/lib}: its
 * servlet under {@code timerlock.console.path}, open to authenticated callers only, and the two
 * roles declared so that the server's role mapping applies to them. A servlet rather than a REST
 * resource because its path is configuration, not an annotation.
 */
public final class ConsoleInitializer implements ServletContainerInitializer {

  private static final System.Logger LOG = System.getLogger(ConsoleInitializer.class.getName());

  /** Created by the servlet container. */
  public ConsoleInitializer() {}

  @Override
  public void onStartup(Set<Class<?>> classes, ServletContext context) {
    Config config = ConfigProvider.getConfig(context.getClassLoader());
    ConsoleSettings settings =
        ConsoleSettings.read(key -> config.getOptionalValue(key, String.class));
    context.declareRoles(settings.viewerRole(), settings.operatorRole());
    ServletRegistration.Dynamic servlet =
        context.addServlet("timerlock-console", new ConsoleServlet(settings));
    servlet.addMapping(settings.path(), settings.path() + "/*");
    // Any authenticated caller ("**"): the server's login (BASIC's challenge, FORM's page) runs
    // before the servlet, which then checks the two roles itself, so a caller without them is told
    // how to map them rather than getting the server's bare 403.
    servlet.setServletSecurity(
        new ServletSecurityElement(new HttpConstraintElement(TransportGuarantee.NONE, "**")));
    LOG.log(
        Level.INFO,
        "TimerLock console at {0}{1}/ for the roles {2} (read) and {3} (act)",
        context.getContextPath(),
        settings.path(),
        settings.viewerRole(),
        settings.operatorRole());
  }
}
