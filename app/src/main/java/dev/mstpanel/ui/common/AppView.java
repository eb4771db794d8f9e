package dev.mstpanel.ui.common;

import java.util.function.Supplier;
import javafx.scene.Node;
import org.kordamp.ikonli.Ikon;

/**
 * One view of the main window's sidebar. The node is built on first show.
 *
 * @param id a stable id ({@code contexts}), saved in settings as the open view
 * @param title the sidebar label
 * @param icon the sidebar icon
 * @param content builds the view's node (called once, on the FX thread)
 */
public record AppView(String id, String title, Ikon icon, Supplier<Node> content) {}
