package org.timerlock.cdi.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test of TimerLock in a real Weld container: each test method gets a fresh container with
 * TimerLock's extension, the given beans and a MicroProfile Config of the given properties, shut
 * down and released after the method. On a method it adds beans and properties to the class's (a
 * method's value wins for the same key).
 *
 * <p>Fields annotated {@code @Inject} and test method parameters are filled from the container (a
 * parameter may also be the {@code WeldContainer} itself), and a {@link Deployer} field or
 * parameter starts further containers, for tests whose configuration is computed or whose
 * deployment must fail. With no beans at all, no container is started: the test starts its own
 * through the {@link Deployer}, which shuts them down and releases the config after the test.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ExtendWith(TimerLockTestExtension.class)
public @interface TimerLockTest {

  /**
   * The application's bean classes.
   *
   * @return the beans of the container started for each test method
   */
  Class<?>[] beans() default {};

  /**
   * The application's configuration.
   *
   * @return properties written {@code key=value}
   */
  String[] config() default {};
}
