package org.timerlock.benchmarks.cdi;

import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/** Binds {@link PassThroughInterceptor}: the container's interception cost with no lock. */
@InterceptorBinding
@Retention(RUNTIME)
@Target({METHOD, TYPE})
public @interface PassThrough {}
