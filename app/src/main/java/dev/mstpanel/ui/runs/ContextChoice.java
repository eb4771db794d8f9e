package dev.mstpanel.ui.runs;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * One context's checkbox on the Run form: whether it is chosen, whether it can be (its engine
 * answered), and its split line for the eval's client under the form's memory/cpus.
 */
public final class ContextChoice {
    private final String name;
    private final BooleanProperty selected = new SimpleBooleanProperty();
    private final ReadOnlyBooleanWrapper available = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper splitLine = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper splitBad = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper reason = new ReadOnlyStringWrapper();

    ContextChoice(String name) {
        this.name = name;
    }

    /** The Docker context's name. */
    public String name() {
        return name;
    }

    /** True when the person chose it. */
    public BooleanProperty selectedProperty() {
        return selected;
    }

    /** True when its engine answered; an unreachable context cannot be chosen. */
    public ReadOnlyBooleanProperty availableProperty() {
        return available.getReadOnlyProperty();
    }

    /** e.g. "1 Cowork container at a time, 10.7 GiB each", or why it cannot be used. */
    public ReadOnlyStringProperty splitLineProperty() {
        return splitLine.getReadOnlyProperty();
    }

    /** True when the split line says the context cannot hold the run's containers. */
    public ReadOnlyBooleanProperty splitBadProperty() {
        return splitBad.getReadOnlyProperty();
    }

    /** Why an unreachable context did not answer (the probe's message), or null. */
    public ReadOnlyStringProperty reasonProperty() {
        return reason.getReadOnlyProperty();
    }

    void setReason(String why) {
        reason.set(why);
    }

    void update(boolean available, String line, boolean bad) {
        reason.set(null);
        this.available.set(available);
        this.splitLine.set(line);
        this.splitBad.set(bad);
        if (!available) {
            selected.set(false);
        }
    }
}
