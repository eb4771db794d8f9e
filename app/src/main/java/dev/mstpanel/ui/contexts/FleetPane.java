package dev.mstpanel.ui.contexts;

import dev.mstpanel.core.colima.Colima;
import dev.mstpanel.core.colima.ColimaProfile;
import dev.mstpanel.core.colima.ColimaSizes;
import dev.mstpanel.core.colima.MemoryBudget;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.MemoryBar;
import dev.mstpanel.ui.common.Pill;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The fleet strip above the context cards: Colima VMs with Start/Stop, the memory budget bar,
 * "New Colima VM" (the Cowork preset, editable) and "Add remote host". Binds to
 * {@link FleetViewModel}; never touches Colima or Docker itself.
 */
public final class FleetPane extends VBox {
    private final FleetViewModel model;
    private final DialogService dialogs;
    private final VBox profileRows = new VBox(6);
    private final MemoryBar bar = new MemoryBar();
    private final Label budgetLegend = new Label();
    private final Label budgetWarning = new Label();
    private final Label notInstalled = new Label();
    private final Label progress = new Label();
    private final Button cancel = new Button("Cancel");
    private final VBox newVmForm;
    private final VBox addHostForm;

    public FleetPane(FleetViewModel model, DialogService dialogs) {
        this.model = model;
        this.dialogs = dialogs;
        getStyleClass().add("fleet-pane");
        setSpacing(8);

        Label title = new Label("Colima VMs");
        title.getStyleClass().add("card-title");
        Button newVm = new Button("New Colima VM", new FontIcon(Feather.PLUS));
        newVm.setId("new-colima-vm");
        Button addHost = new Button("Add remote host", new FontIcon(Feather.GLOBE));
        addHost.setId("add-remote-host");
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox header = new HBox(10, title, grow, newVm, addHost);
        header.setAlignment(Pos.CENTER_LEFT);

        notInstalled.getStyleClass().add("text-muted");
        notInstalled.textProperty().bind(model.colimaProblemProperty());
        notInstalled.visibleProperty().bind(model.colimaProblemProperty().isNotNull());
        notInstalled.setWrapText(true);

        bar.setPrefWidth(520);
        bar.setMaxWidth(520);
        budgetLegend.getStyleClass().addAll("text-small", "text-muted");
        budgetLegend.setWrapText(true);
        budgetWarning.getStyleClass().add("banner-warning");
        budgetWarning.setGraphic(new FontIcon(Feather.ALERT_TRIANGLE));
        budgetWarning.setWrapText(true);
        budgetWarning.setMaxWidth(Double.MAX_VALUE);
        VBox budgetBox = new VBox(4, bar, budgetLegend);
        budgetBox.setId("memory-budget");

        progress.getStyleClass().addAll("text-small", "monospace");
        progress.textProperty().bind(model.progressProperty());
        cancel.getStyleClass().addAll("small");
        cancel.setId("cancel-colima");
        cancel.visibleProperty().bind(model.busyProfileProperty().isNotNull());
        cancel.setOnAction(e -> model.cancel());
        HBox progressBox = new HBox(8, progress, cancel);
        progressBox.setAlignment(Pos.CENTER_LEFT);
        progressBox.visibleProperty().bind(model.progressProperty().isNotEmpty());

        newVmForm = newVmForm();
        addHostForm = addHostForm();
        newVm.setOnAction(e -> toggle(newVmForm));
        addHost.setOnAction(e -> toggle(addHostForm));

        getChildren()
                .addAll(
                        header,
                        notInstalled,
                        budgetBox,
                        budgetWarning,
                        profileRows,
                        progressBox,
                        newVmForm,
                        addHostForm);
        for (var n : getChildren()) {
            n.managedProperty().bind(n.visibleProperty());
        }
        budgetBox.visibleProperty().bind(model.budgetProperty().isNotNull().and(model.colimaShown()));
        title.visibleProperty().bind(model.colimaShown());
        title.managedProperty().bind(title.visibleProperty());
        newVm.visibleProperty().bind(model.colimaShown());
        newVm.managedProperty().bind(newVm.visibleProperty());
        newVmForm.setVisible(false);
        addHostForm.setVisible(false);
        model.profiles().addListener((ListChangeListener<ColimaProfile>) c -> renderProfiles());
        model.busyProfileProperty().addListener((o, a, b) -> renderProfiles());
        model.budgetProperty().addListener((o, a, b) -> renderBudget(b));
        renderProfiles();
        renderBudget(model.budgetProperty().get());
        model.refresh();
    }

    private static void toggle(VBox form) {
        form.setVisible(!form.isVisible());
    }

    private void renderBudget(MemoryBudget b) {
        if (b == null) {
            budgetWarning.setVisible(false);
            return;
        }
        long host = Math.max(b.hostBytes(), 1);
        long free = Math.max(0, host - b.runningVmBytes() - b.reserve());
        bar.setSegments(
                host,
                new MemoryBar.Segment(
                        Math.min(b.runningVmBytes(), host),
                        b.warning() != null ? "memory-over" : "memory-cowork",
                        "Running Colima VMs: " + ByteSize.gib(b.runningVmBytes())),
                new MemoryBar.Segment(free, "memory-free", "Free for more VMs: " + ByteSize.gib(free)),
                new MemoryBar.Segment(
                        Math.min(b.reserve(), host),
                        "memory-reserve",
                        "Kept for the system: " + ByteSize.gib(b.reserve())));
        budgetLegend.setText("Memory of this machine: " + (b.hostBytes() > 0 ? ByteSize.gib(b.hostBytes()) : "unknown")
                + " · running VMs " + ByteSize.gib(b.runningVmBytes()) + " · kept for the system "
                + ByteSize.gib(b.reserve()) + ". " + MemoryBudget.RULE);
        budgetWarning.setText(b.warning() == null ? "" : b.warning());
        budgetWarning.setVisible(b.warning() != null);
    }

    private void renderProfiles() {
        profileRows.getChildren().clear();
        String busy = model.busyProfileProperty().get();
        for (ColimaProfile p : model.profiles()) {
            Label name = new Label(p.name());
            name.getStyleClass().add("text-bold");
            name.setMinWidth(110);
            Label status = Pill.of(
                    p.running() ? "running" : p.status().toLowerCase(java.util.Locale.ROOT),
                    p.running() ? "pill-success" : "pill-muted");
            Label sizes = new Label(
                    p.problem() != null
                            ? p.problem()
                            : p.cpus() + (p.cpus() == 1 ? " CPU" : " CPUs") + " · " + ByteSize.gib(p.memoryBytes())
                                    + " memory · " + ByteSize.gib(p.diskBytes()) + " disk · " + p.arch() + " · "
                                    + p.runtime());
            sizes.getStyleClass().add("text-small");
            Label context = new Label("context " + p.context());
            context.getStyleClass().addAll("text-small", "text-muted", "monospace");
            Region grow = new Region();
            HBox.setHgrow(grow, Priority.ALWAYS);
            Button action = new Button(
                    p.running() ? "Stop" : "Start", new FontIcon(p.running() ? Feather.SQUARE : Feather.PLAY));
            action.setId((p.running() ? "stop-" : "start-") + p.name());
            action.getStyleClass().add("small");
            action.setDisable(busy != null);
            action.setOnAction(e -> {
                if (p.running()) {
                    model.stop(p.name());
                } else if (confirmMemory(p.name(), 0)) {
                    model.start(p.name());
                }
            });
            HBox row = new HBox(10, name, status, sizes, context, grow, action);
            row.setAlignment(Pos.CENTER_LEFT);
            row.getStyleClass().add("colima-row");
            profileRows.getChildren().add(row);
        }
    }

    /** Asks before a start the memory rule warns about; true to go on. */
    private boolean confirmMemory(String name, int memoryGib) {
        String warning = model.warningBefore(name, memoryGib);
        return warning == null
                || dialogs.confirm("Not enough memory left", warning + "\n\n" + MemoryBudget.RULE, "Start anyway");
    }

    private VBox newVmForm() {
        Colima.StartOptions preset = Colima.StartOptions.COWORK;
        TextField name = field("mst-kvm", 10, "new-vm-name");
        TextField cpus = field(String.valueOf(preset.cpus()), 3, "new-vm-cpus");
        TextField memory = field(String.valueOf(preset.memoryGib()), 3, "new-vm-memory");
        TextField disk = field(String.valueOf(preset.diskGib()), 3, "new-vm-disk");
        ComboBox<String> vmType = new ComboBox<>();
        vmType.getItems().addAll("vz", "qemu");
        vmType.setValue(preset.vmType());
        CheckBox nested = new CheckBox("nested virtualization (Cowork)");
        nested.setSelected(true);
        nested.visibleProperty().bind(model.nestedSupportedProperty());
        nested.managedProperty().bind(nested.visibleProperty());
        Label nestedNote =
                new Label("Nested virtualization needs macOS 15 or later on Apple M3 or later: not offered here.");
        nestedNote.getStyleClass().addAll("text-small", "text-muted");
        nestedNote.visibleProperty().bind(model.nestedSupportedProperty().not());
        nestedNote.managedProperty().bind(nestedNote.visibleProperty());
        Label warning = new Label();
        warning.getStyleClass().add("field-error");
        warning.setWrapText(true);
        Label error = new Label();
        error.getStyleClass().add("field-error");
        Runnable check =
                () -> warning.setText(nz(model.warningBefore(name.getText().strip(), intOf(memory.getText()))));
        memory.textProperty().addListener((o, a, b) -> check.run());
        name.textProperty().addListener((o, a, b) -> check.run());
        model.budgetProperty().addListener((o, a, b) -> check.run());
        Button create = new Button("Create and start");
        create.setId("create-colima-vm");
        create.getStyleClass().add("accent");
        create.disableProperty().bind(model.busyProfileProperty().isNotNull());
        create.setOnAction(e -> {
            try {
                Colima.requireProfile(name.getText().strip());
                Colima.StartOptions o = new Colima.StartOptions(
                        intOf(cpus.getText()),
                        intOf(memory.getText()),
                        intOf(disk.getText()),
                        vmType.getValue(),
                        nested.isVisible() && nested.isSelected());
                if (o.cpus() <= 0 || o.memoryGib() <= 0 || o.diskGib() <= 0) {
                    throw new IllegalArgumentException(
                            "CPUs, memory (GiB) and disk (GiB) must be whole numbers above 0.");
                }
                ColimaSizes.CPUS.require(o.cpus());
                ColimaSizes.MEMORY.require(o.memoryGib());
                ColimaSizes.DISK.require(o.diskGib());
                error.setText("");
                if (confirmMemory(name.getText().strip(), o.memoryGib())) {
                    model.create(name.getText().strip(), o);
                }
            } catch (IllegalArgumentException ex) {
                error.setText(ex.getMessage());
            }
        });
        HBox fields = new HBox(
                8,
                new Label("name"),
                name,
                new Label("CPUs"),
                cpus,
                new Label("memory GiB"),
                memory,
                new Label("disk GiB"),
                disk,
                new Label("VM type"),
                vmType,
                nested);
        fields.setAlignment(Pos.CENTER_LEFT);
        Label preset_ = new Label(
                "Preset for Cowork: colima start mst-kvm --vm-type vz --nested-virtualization --cpu 6 --memory 12 --disk 40");
        preset_.getStyleClass().addAll("text-small", "text-muted", "monospace");
        VBox form = new VBox(6, preset_, fields, nestedNote, warning, error, create);
        form.getStyleClass().add("inline-form");
        form.setId("new-colima-vm-form");
        return form;
    }

    private VBox addHostForm() {
        TextField name = field("build-1", 10, "remote-host-name");
        name.setText("");
        TextField host = field("ssh://user@host[:port]", 26, "remote-host-address");
        host.setText("");
        Button add = new Button("Add and probe");
        add.setId("add-remote-host-go");
        add.getStyleClass().add("accent");
        add.disableProperty().bind(model.addingHostProperty());
        add.setOnAction(e -> model.addHost(name.getText(), host.getText()));
        Label message = new Label();
        message.setWrapText(true);
        message.textProperty().bind(model.addHostMessageProperty());
        model.addHostOkProperty().addListener((o, a, ok) -> {
            message.getStyleClass().removeAll("field-error", "text-success");
            message.getStyleClass().add(ok ? "text-success" : "field-error");
        });
        HBox fields = new HBox(8, new Label("name"), name, new Label("host"), host, add);
        fields.setAlignment(Pos.CENTER_LEFT);
        Label how = new Label(
                "The panel runs `docker context create NAME --docker host=ssh://…` and reaches the host with your own ssh"
                        + " (its config, keys and agent): the key must be accepted without a password.");
        how.getStyleClass().addAll("text-small", "text-muted");
        how.setWrapText(true);
        VBox form = new VBox(6, fields, how, message);
        form.getStyleClass().add("inline-form");
        form.setId("add-remote-host-form");
        return form;
    }

    private static TextField field(String prompt, int columns, String id) {
        TextField f = new TextField(prompt);
        f.setPromptText(prompt);
        f.setPrefColumnCount(columns);
        f.setId(id);
        f.setTooltip(new Tooltip(prompt));
        return f;
    }

    private static int intOf(String s) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
