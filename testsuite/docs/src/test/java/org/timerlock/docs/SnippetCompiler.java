package org.timerlock.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.timerlock.docs.Markdown.CodeBlock;

/**
 * Compiles {@code java} blocks of the docs, completed by {@link JavaSnippet}, with the JDK's
 * compiler against the test class path: TimerLock's modules and the Jakarta EE and MicroProfile
 * APIs this module depends on. Deprecated, raw and unchecked uses are errors too.
 */
final class SnippetCompiler {

  private final String classPath;
  private final Path output;

  /**
   * A compiler.
   *
   * @param classPath what the blocks are compiled against
   * @param output where the class files go
   */
  SnippetCompiler(String classPath, Path output) {
    this.classPath = classPath;
    this.output = output;
  }

  /**
   * A compiler against the class path of the running tests.
   *
   * @param output where the class files go
   * @return the compiler
   */
  static SnippetCompiler againstTestClassPath(Path output) {
    // Surefire runs the tests from a manifest-only jar and passes the real class path here.
    String classPath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    return new SnippetCompiler(classPath, output);
  }

  /**
   * Compiles blocks, each on its own: a block that does not parse hides no error of another.
   *
   * @param blocks {@code java} blocks
   * @return one message per compiler error, naming the document, the block's line, the line of the
   *     error in the document and what the compiler said; empty when every block compiles
   */
  List<String> compile(List<CodeBlock> blocks) {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    if (compiler == null) {
      throw new IllegalStateException("the tests must run on a JDK: there is no Java compiler");
    }
    try {
      Files.createDirectories(output);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> options =
        List.of(
            "--release",
            "17",
            "-proc:none",
            "-implicit:none",
            "-Xlint:deprecation,removal,unchecked,rawtypes",
            "-Werror",
            "-classpath",
            classPath,
            "-d",
            output.toString());
    List<String> problems = new ArrayList<>();
    try (StandardJavaFileManager files =
        compiler.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
      for (CodeBlock block : blocks) {
        Source source = new Source(JavaSnippet.of(block));
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        boolean compiled =
            compiler.getTask(null, files, diagnostics, options, null, List.of(source)).call();
        List<String> found = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
          if (d.getKind() != Diagnostic.Kind.NOTE) {
            found.add(describe(block, d));
          }
        }
        if (!compiled && found.isEmpty()) {
          found.add(block.where() + ": the compiler failed without a message");
        }
        problems.addAll(found);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return problems;
  }

  private static String describe(CodeBlock block, Diagnostic<? extends JavaFileObject> d) {
    String message = d.getMessage(Locale.ROOT);
    if (!(d.getSource() instanceof Source source)) {
      return block.where() + ": " + message;
    }
    JavaSnippet snippet = source.snippet;
    int line = snippet.documentLine(d.getLineNumber());
    String text = snippet.documentText(d.getLineNumber());
    return snippet.block().where()
        + ", "
        + (line == 0
            ? "in the code the test adds around the block (" + snippet.kind() + ")"
            : "line " + line)
        + ": "
        + message
        + (text.isEmpty() ? "" : System.lineSeparator() + "    " + text);
  }

  /** A completed block as the compiler reads it. */
  private static final class Source extends SimpleJavaFileObject {

    private final JavaSnippet snippet;

    Source(JavaSnippet snippet) {
      super(
          URI.create(
              "snippet:///"
                  + snippet.packageName().replace('.', '/')
                  + "/"
                  + JavaSnippet.WRAPPER_CLASS
                  + Kind.SOURCE.extension),
          Kind.SOURCE);
      this.snippet = snippet;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return snippet.source();
    }

    /** A block may declare a public class of any name, as if it were in its own file. */
    @Override
    public boolean isNameCompatible(String simpleName, Kind kind) {
      return kind == Kind.SOURCE;
    }
  }
}
