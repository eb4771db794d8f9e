package dev.mstpanel.testsupport;

import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;

/**
 * Catches a change to a live scene graph made off the FX thread. JavaFX does not check this
 * itself for a parent's children or a node's text, visibility or style classes, and such a change
 * fails later, at random, inside a pulse (an {@code IndexOutOfBoundsException} in
 * {@code Parent.updateCachedBounds}, whose list of changed children another thread added to) and
 * leaves the toolkit unusable for the tests after it. The guard listens to the children of every
 * parent in the scene (and of every node added later) and to what changes a node's size (text,
 * graphic, visible, managed, style classes), and keeps the stack of each change made on another
 * thread, so {@link #assertNone()} names the code that made it.
 */
public final class FxThreadGuard {
    private static final Object WATCHED = new Object();
    private final List<Throwable> offThread = new ArrayList<>();
    private final ListChangeListener<Node> onChange = this::changed;
    private final javafx.beans.InvalidationListener onProperty = o -> check("a property of a node in the window ("
            + (o instanceof javafx.beans.property.ReadOnlyProperty<?> p
                    ? p.getName() + " of " + describe(p.getBean())
                    : o)
            + ") changed");

    /** Watches {@code scene}'s root (and any later root) from now on. Call on the FX thread. */
    public static FxThreadGuard watch(Scene scene) {
        FxThreadGuard g = new FxThreadGuard();
        g.watch(scene.getRoot());
        scene.rootProperty().addListener((o, was, now) -> {
            g.check("the scene's root set");
            g.watch(now);
        });
        return g;
    }

    private void watch(Node node) {
        if (node == null || node.getProperties().containsKey(WATCHED)) {
            return;
        }
        node.getProperties().put(WATCHED, Boolean.TRUE);
        // what changes a node's size or place (and so its parent's bounds, which a pulse computes)
        node.visibleProperty().addListener(onProperty);
        node.managedProperty().addListener(onProperty);
        node.getStyleClass().addListener(onProperty);
        if (node instanceof javafx.scene.control.Labeled l) {
            l.textProperty().addListener(onProperty);
            l.graphicProperty().addListener(onProperty);
        } else if (node instanceof javafx.scene.text.Text t) {
            t.textProperty().addListener(onProperty);
        } else if (node instanceof javafx.scene.control.TextInputControl t) {
            t.textProperty().addListener(onProperty);
        }
        if (!(node instanceof Parent p)) {
            return;
        }
        p.getChildrenUnmodifiable().addListener(onChange);
        for (Node child : List.copyOf(p.getChildrenUnmodifiable())) {
            watch(child);
        }
    }

    private void changed(ListChangeListener.Change<? extends Node> c) {
        check("children of a parent in the window changed");
        while (c.next()) {
            for (Node added : c.getAddedSubList()) {
                watch(added);
            }
        }
    }

    private static String describe(Object bean) {
        if (bean instanceof Node n) {
            return n.getClass().getSimpleName() + (n.getId() == null ? "" : "#" + n.getId());
        }
        return String.valueOf(bean);
    }

    private void check(String what) {
        if (!Platform.isFxApplicationThread()) {
            synchronized (offThread) {
                offThread.add(new IllegalStateException(
                        what + " on thread \"" + Thread.currentThread().getName() + "\""));
            }
        }
    }

    /**
     * Throws an {@link AssertionError} (the first off-thread change as its cause, the count in its
     * message) when any change to the watched scene graph came from another thread than the FX thread.
     */
    public void assertNone() {
        synchronized (offThread) {
            if (!offThread.isEmpty()) {
                AssertionError e = new AssertionError(
                        offThread.size() + " change(s) to the window's scene graph off the FX thread; the first:",
                        offThread.get(0));
                offThread.clear();
                throw e;
            }
        }
    }
}
