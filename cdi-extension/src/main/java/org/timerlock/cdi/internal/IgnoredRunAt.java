package org.timerlock.cdi.internal;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.lang.annotation.Annotation;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;

/**
 * Finds a {@code @Asynchronous(runAt = ...)} that the server cannot see. Java's reflection drops an
 * annotation element that the annotation type, as the server loads it, does not declare: on a
 * server whose Jakarta Concurrency API is 3.0 the {@code runAt} of an application compiled against
 * 3.1 is invisible, and the server runs the method once per call instead of on its schedule. The
 * method's class file still holds the element, so this reads just enough of it (the constant pool,
 * the methods and their {@code RuntimeVisibleAnnotations}) to tell, method by method, whether
 * {@code runAt} was written. Nothing is read on servers whose {@code @Asynchronous} has {@code
 * runAt}.
 */
final class IgnoredRunAt {

  private static final System.Logger LOG = System.getLogger(IgnoredRunAt.class.getName());

  private static final String ASYNCHRONOUS = "jakarta.enterprise.concurrent.Asynchronous";
  private static final String ASYNCHRONOUS_DESCRIPTOR =
      "Ljakarta/enterprise/concurrent/Asynchronous;";
  private static final String ANNOTATIONS = "RuntimeVisibleAnnotations";
  private static final String RUN_AT = "runAt";

  private IgnoredRunAt() {}

  /**
   * Whether the method's {@code @Asynchronous} has a non-empty {@code runAt} in its class file that
   * the server's annotation type lacks. A class file that cannot be read counts as none: this only
   * decides an INFO line.
   *
   * @param method a locked method
   * @return true when the server ignores the method's schedule
   */
  static boolean of(Method method) {
    Annotation asynchronous = null;
    for (Annotation annotation : method.getAnnotations()) {
      if (annotation.annotationType().getName().equals(ASYNCHRONOUS)) {
        asynchronous = annotation;
      }
    }
    if (asynchronous == null || RunAtSchedules.known(asynchronous)) {
      return false;
    }
    Class<?> type = method.getDeclaringClass();
    String resource = type.getName().replace('.', '/') + ".class";
    ClassLoader loader = type.getClassLoader();
    try (InputStream in =
        loader == null
            ? ClassLoader.getSystemResourceAsStream(resource)
            : loader.getResourceAsStream(resource)) {
      return in != null && declaresRunAt(in, method.getName(), descriptor(method));
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.DEBUG, "TimerLock: cannot read the class file of " + method, e);
      return false;
    }
  }

  /**
   * Whether a method of a class file has {@code @Asynchronous} with a non-empty {@code runAt}.
   *
   * @param classFile the class file's bytes
   * @param name the method's name
   * @param descriptor the method's descriptor, such as {@code ()V}
   * @return whether it has; false when the class file has no such method
   * @throws IOException when the class file cannot be read or is not one
   */
  static boolean declaresRunAt(InputStream classFile, String name, String descriptor)
      throws IOException {
    DataInputStream in = new DataInputStream(new BufferedInputStream(classFile));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.skipNBytes(4); // minor and major version
    String[] utf8 = constantPoolUtf8(in);
    in.skipNBytes(6); // access flags, this class, super class
    in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
    int fields = in.readUnsignedShort();
    for (int i = 0; i < fields; i++) {
      in.skipNBytes(6); // access flags, name, descriptor
      skipAttributes(in);
    }
    int methods = in.readUnsignedShort();
    for (int i = 0; i < methods; i++) {
      in.skipNBytes(2); // access flags
      String methodName = utf8[in.readUnsignedShort()];
      String methodDescriptor = utf8[in.readUnsignedShort()];
      if (!name.equals(methodName) || !descriptor.equals(methodDescriptor)) {
        skipAttributes(in);
        continue;
      }
      int attributes = in.readUnsignedShort();
      for (int a = 0; a < attributes; a++) {
        String attribute = utf8[in.readUnsignedShort()];
        long length = Integer.toUnsignedLong(in.readInt());
        if (ANNOTATIONS.equals(attribute)) {
          return asynchronousHasRunAt(in, utf8);
        }
        in.skipNBytes(length);
      }
      return false;
    }
    return false;
  }

  /** The descriptor the class file gives the method, such as {@code (Ljava/lang/String;)V}. */
  static String descriptor(Method method) {
    return MethodType.methodType(method.getReturnType(), method.getParameterTypes())
        .toMethodDescriptorString();
  }

  /** The UTF8 entries of the constant pool by index; the other entries are skipped. */
  private static String[] constantPoolUtf8(DataInputStream in) throws IOException {
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF(); // the class file's modified UTF-8, as readUTF reads it
        case 7, 8, 16, 19, 20 -> in.skipNBytes(2);
        case 15 -> in.skipNBytes(3);
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
        case 5, 6 -> {
          in.skipNBytes(8);
          i++; // a long or a double takes two entries
        }
        default -> throw new IOException("unknown constant pool tag " + tag);
      }
    }
    return utf8;
  }

  private static void skipAttributes(DataInputStream in) throws IOException {
    int attributes = in.readUnsignedShort();
    for (int a = 0; a < attributes; a++) {
      in.skipNBytes(2);
      in.skipNBytes(Integer.toUnsignedLong(in.readInt()));
    }
  }

  /** Reads a RuntimeVisibleAnnotations attribute up to the answer. */
  private static boolean asynchronousHasRunAt(DataInputStream in, String[] utf8)
      throws IOException {
    int annotations = in.readUnsignedShort();
    for (int i = 0; i < annotations; i++) {
      boolean asynchronous = ASYNCHRONOUS_DESCRIPTOR.equals(utf8[in.readUnsignedShort()]);
      int pairs = in.readUnsignedShort();
      for (int p = 0; p < pairs; p++) {
        String element = utf8[in.readUnsignedShort()];
        if (asynchronous && RUN_AT.equals(element)) {
          // runAt = {} is no schedule: the method is a plain asynchronous one on any server.
          return in.readUnsignedByte() != '[' || in.readUnsignedShort() > 0;
        }
        skipElementValue(in);
      }
    }
    return false;
  }

  private static void skipElementValue(DataInputStream in) throws IOException {
    int tag = in.readUnsignedByte();
    switch (tag) {
      case 'B', 'C', 'D', 'F', 'I', 'J', 'S', 'Z', 's', 'c' -> in.skipNBytes(2);
      case 'e' -> in.skipNBytes(4);
      case '@' -> skipAnnotation(in);
      case '[' -> {
        int values = in.readUnsignedShort();
        for (int v = 0; v < values; v++) {
          skipElementValue(in);
        }
      }
      default -> throw new IOException("unknown element value tag " + tag);
    }
  }

  private static void skipAnnotation(DataInputStream in) throws IOException {
    in.skipNBytes(2); // type
    int pairs = in.readUnsignedShort();
    for (int p = 0; p < pairs; p++) {
      in.skipNBytes(2); // name
      skipElementValue(in);
    }
  }
}
