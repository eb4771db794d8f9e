package dev.mstpanel.logging;

import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.encoder.EncoderBase;

/**
 * A logback {@link PatternLayoutEncoder} that is built at the first event it encodes, not when
 * logging is set up. Building one parses its pattern and loads logback's pattern layout, its
 * converters and date formatting (about 200 classes, some 50 ms of every headless start on a
 * 2-core box, {@code scripts/bench/headless-start.sh}), which a command that logs nothing never
 * needs. The lines it writes are the pattern encoder's own, byte for byte.
 *
 * <p>Safe for appenders that encode on several threads at once ({@code OutputStreamAppender}
 * encodes outside its lock): the encoder is built once.
 */
final class DeferredPatternEncoder extends EncoderBase<ILoggingEvent> {
    private final String pattern;
    private volatile PatternLayoutEncoder built;

    /** @param pattern a logback layout pattern, e.g. {@code %d{ISO8601} %-5level %msg%n} */
    DeferredPatternEncoder(String pattern) {
        this.pattern = pattern;
    }

    /** No header: a pattern encoder has none unless one is set, and none is. */
    @Override
    public byte[] headerBytes() {
        return null;
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        return encoder().encode(event);
    }

    @Override
    public byte[] footerBytes() {
        PatternLayoutEncoder e = built;
        return e == null ? null : e.footerBytes();
    }

    /** Whether the pattern encoder has been built, i.e. an event was encoded (tests). */
    boolean isBuilt() {
        return built != null;
    }

    private PatternLayoutEncoder encoder() {
        PatternLayoutEncoder e = built;
        if (e == null) {
            synchronized (this) {
                e = built;
                if (e == null) {
                    e = new PatternLayoutEncoder();
                    e.setContext(getContext());
                    e.setPattern(pattern);
                    e.start();
                    built = e;
                }
            }
        }
        return e;
    }

    @Override
    public void stop() {
        PatternLayoutEncoder e = built;
        if (e != null) {
            e.stop();
        }
        super.stop();
    }
}
