package dev.mstpanel.core.shell;

import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the operating system that the panel is doing work a person asked for, so that it is not
 * throttled while its window is hidden: on macOS, App Nap slows the timers and the reading of a
 * hidden app's pipes, and a run or an image build would then fall behind MST's output. Apple's
 * documented way is an activity of {@code NSProcessInfo} ({@code beginActivityWithOptions:reason:}
 * with the user-initiated options, ended with {@code endActivity:}); see {@code docs/macos.md}.
 * Elsewhere nothing needs to be said, and {@link #NONE} says nothing.
 */
public interface BusyActivity {
    /** An activity in progress; closing it ends it. Closing twice is harmless. */
    interface Token extends AutoCloseable {
        @Override
        void close();
    }

    /** Does nothing (Linux, Windows, tests). */
    BusyActivity NONE = reason -> () -> {};

    /**
     * Begins an activity.
     *
     * @param reason for people (shown by macOS's diagnostics)
     * @return the token that ends it
     */
    Token begin(String reason);

    /** The activity of this JVM's operating system. */
    static BusyActivity forThisMachine() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("mac")
                ? MacActivity.INSTANCE
                : NONE;
    }

    /** {@code NSProcessInfo}'s activities, called through the Objective-C runtime with JNA. */
    final class MacActivity implements BusyActivity {
        static final MacActivity INSTANCE = new MacActivity();
        private static final Logger LOG = LoggerFactory.getLogger(BusyActivity.class);
        /** NSActivityUserInitiatedAllowingIdleSystemSleep: user-initiated work that keeps App Nap away but lets the Mac sleep. */
        private static final long USER_INITIATED_ALLOWING_IDLE_SLEEP = 0x00FFFFFFL & ~(1L << 20);

        private MacActivity() {}

        @Override
        public Token begin(String reason) {
            try {
                com.sun.jna.NativeLibrary objc = com.sun.jna.NativeLibrary.getInstance("objc");
                com.sun.jna.Function send = objc.getFunction("objc_msgSend");
                com.sun.jna.Function getClass = objc.getFunction("objc_getClass");
                com.sun.jna.Function selector = objc.getFunction("sel_registerName");
                com.sun.jna.Pointer processInfo = send.invokePointer(new Object[] {
                    getClass.invokePointer(new Object[] {"NSProcessInfo"}),
                    selector.invokePointer(new Object[] {"processInfo"})
                });
                com.sun.jna.Pointer text = send.invokePointer(new Object[] {
                    getClass.invokePointer(new Object[] {"NSString"}),
                    selector.invokePointer(new Object[] {"stringWithUTF8String:"}),
                    reason
                });
                com.sun.jna.Pointer activity = send.invokePointer(new Object[] {
                    processInfo,
                    selector.invokePointer(new Object[] {"beginActivityWithOptions:reason:"}),
                    USER_INITIATED_ALLOWING_IDLE_SLEEP,
                    text
                });
                if (activity == null) {
                    return () -> {};
                }
                // the activity object is autoreleased: keep it until it is ended
                send.invokePointer(new Object[] {activity, selector.invokePointer(new Object[] {"retain"})});
                java.util.concurrent.atomic.AtomicBoolean ended = new java.util.concurrent.atomic.AtomicBoolean();
                return () -> {
                    if (ended.compareAndSet(false, true)) {
                        send.invokePointer(new Object[] {
                            processInfo, selector.invokePointer(new Object[] {"endActivity:"}), activity
                        });
                        send.invokePointer(new Object[] {activity, selector.invokePointer(new Object[] {"release"})});
                    }
                };
            } catch (RuntimeException | LinkageError e) {
                LOG.warn(
                        "Could not tell macOS that a run is in progress (App Nap may slow it while the window is hidden): {}",
                        e.toString());
                return () -> {};
            }
        }
    }
}
