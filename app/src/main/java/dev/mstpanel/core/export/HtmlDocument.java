package dev.mstpanel.core.export;

import dev.mstpanel.core.shell.LineMask;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Deque;
import java.util.regex.Pattern;

/**
 * One self-contained HTML page being written: the only way text reaches an exported file. Every
 * text goes through {@link #text}, which masks the secrets the panel knows of and then escapes it
 * ({@link #escape}, the one escaping function), so no caller can write a run's text raw or
 * unmasked. Element and class names are the panel's own words, checked against a plain pattern;
 * images are written as {@code data:} URIs. The head holds a Content-Security-Policy that forbids
 * every load from anywhere (no script, no font, no remote image or style), so the page opens offline
 * and tells nobody it was opened.
 *
 * <p>Not thread-safe; one per page.
 */
public final class HtmlDocument {
    /** The policy of every exported page: inline style and {@code data:} images only, nothing else loads. */
    public static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");
    private static final Pattern CLASSES = Pattern.compile("[a-z][a-z0-9-]*( [a-z][a-z0-9-]*)*");

    private final LineMask mask;
    private final StringBuilder body = new StringBuilder(64 * 1024);
    private final Deque<String> open = new ArrayDeque<>();
    private final String title;

    /**
     * @param title the page's title (masked and escaped like any text)
     * @param mask the secrets the panel knows of
     */
    public HtmlDocument(String title, LineMask mask) {
        this.mask = mask;
        this.title = title;
    }

    /**
     * Escapes text for an HTML element's content or a quoted attribute: {@code & < > " '}, and the
     * control characters a page cannot hold (other than tab and line ends) as U+FFFD.
     *
     * @param s any text, or null (written as nothing)
     * @return the escaped text
     */
    public static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                case '\t', '\n' -> b.append(c);
                case '\r' -> b.append('\n');
                default -> b.append(c < 0x20 || (c >= 0x7f && c < 0xa0) ? '\ufffd' : c);
            }
        }
        return b.toString();
    }

    /** The text as it may be written: masked, then escaped. */
    private String safe(String s) {
        return s == null ? "" : escape(mask.mask(s));
    }

    /**
     * Opens an element.
     *
     * @param tag an element name of the panel's ({@code section}, {@code div}, …)
     * @param cssClass a class of the page's style, or null
     * @return this
     */
    public HtmlDocument open(String tag, String cssClass) {
        body.append('<').append(checked(NAME, tag));
        if (cssClass != null) {
            body.append(" class=\"").append(checked(CLASSES, cssClass)).append('"');
        }
        body.append('>');
        open.push(tag);
        return this;
    }

    /** Closes the element opened last. */
    public HtmlDocument close() {
        body.append("</").append(open.pop()).append('>');
        return this;
    }

    /** Writes text (masked and escaped) into the open element. */
    public HtmlDocument text(String s) {
        body.append(safe(s));
        return this;
    }

    /** An element holding only text: {@code <tag class=cssClass>text</tag>}. */
    public HtmlDocument element(String tag, String cssClass, String s) {
        return open(tag, cssClass).text(s).close();
    }

    /**
     * A long text in a {@code pre} block, masked whole and only then cut to {@code maxChars}
     * (so a secret that straddles the cut is already gone), with a note saying how much was left out
     * and where the whole is.
     *
     * @param s the text
     * @param maxChars the most characters written
     * @param fromEnd true to keep the end (a log's tail), false the start
     * @param whereWhole where a reader finds the whole text, for the note
     */
    public HtmlDocument block(String s, int maxChars, boolean fromEnd, String whereWhole) {
        return block(s, false, maxChars, fromEnd, whereWhole);
    }

    /**
     * As {@link #block(String, int, boolean, String)}, for a text a reader already cut at its end (an
     * output kept to the reader's limit): its last characters may be the start of a value whose rest was
     * not read, which the mask then replaces too ({@link LineMask#maskValueStart}).
     *
     * @param cutAtEnd whether {@code s} was cut at its end before it got here
     */
    public HtmlDocument block(String s, boolean cutAtEnd, int maxChars, boolean fromEnd, String whereWhole) {
        String masked = s == null ? "" : mask.mask(s);
        if (cutAtEnd) {
            masked = mask.maskValueStart(masked);
        }
        String kept = masked;
        int left = 0;
        if (masked.length() > maxChars) {
            left = masked.length() - maxChars;
            kept = fromEnd ? masked.substring(left) : masked.substring(0, maxChars);
        }
        if (left > 0 && fromEnd) {
            cutNote(left, whereWhole);
        }
        body.append("<pre>").append(escape(kept)).append("</pre>");
        if (left > 0 && !fromEnd) {
            cutNote(left, whereWhole);
        }
        return this;
    }

    private void cutNote(int left, String whereWhole) {
        element(
                "p",
                "cut",
                String.format(
                        java.util.Locale.ROOT,
                        "%,d characters %s cut here to keep this page small; the whole text is in %s.",
                        left,
                        left == 1 ? "was" : "were",
                        whereWhole));
    }

    /**
     * An image as a {@code data:} URI.
     *
     * @param mime {@code image/jpeg} or {@code image/png}
     * @param bytes the encoded image
     * @param alt its text for people (masked and escaped)
     */
    public HtmlDocument image(String mime, byte[] bytes, String alt) {
        if (!mime.equals("image/jpeg") && !mime.equals("image/png")) {
            throw new IllegalArgumentException("not an image type of a page: " + mime);
        }
        body.append("<img src=\"data:")
                .append(mime)
                .append(";base64,")
                .append(Base64.getEncoder().encodeToString(bytes))
                .append("\" alt=\"")
                .append(safe(alt))
                .append("\">");
        return this;
    }

    private static String checked(Pattern p, String n) {
        if (!p.matcher(n).matches()) {
            throw new IllegalArgumentException("not an element or class name of the page: " + n);
        }
        return n;
    }

    /**
     * The whole page.
     *
     * @throws IllegalStateException when an element is still open
     */
    public String finish() {
        if (!open.isEmpty()) {
            throw new IllegalStateException("elements left open: " + open);
        }
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"" + CONTENT_SECURITY_POLICY + "\">"
                + "<meta name=\"referrer\" content=\"no-referrer\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<title>" + safe(title) + "</title><style>" + STYLE + "</style></head><body>"
                + body + "</body></html>\n";
    }

    private static final String STYLE = String.join(
            "\n",
            "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px auto;max-width:1200px;"
                    + "padding:0 16px;color:#1f2328;background:#fff}",
            "h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #d0d7de;"
                    + "padding-bottom:4px}h3{font-size:15px;margin:18px 0 6px}",
            ".sub{color:#59636e;margin:0 0 12px}.cut{color:#9a6700;font-style:italic;margin:4px 0}",
            "pre{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:8px;overflow:auto;"
                    + "white-space:pre-wrap;word-break:break-word;font:12px/1.4 ui-monospace,monospace;margin:4px 0}",
            "table{border-collapse:collapse;margin:6px 0}td,th{border:1px solid #d0d7de;padding:4px 8px;"
                    + "text-align:left;vertical-align:top}th{background:#f6f8fa}",
            ".chip{display:inline-block;border-radius:10px;padding:1px 8px;margin-right:6px;font-size:12px;"
                    + "background:#eaeef2}",
            ".failed,.regressed,.worse{background:#ffebe9;color:#82071e}.passed,.improved,.better{background:#dafbe1;"
                    + "color:#116329}.infra,.flaky,.unclear{background:#fff8c5;color:#7d4e00}",
            ".event{border-left:3px solid #d0d7de;padding:2px 10px;margin:8px 0}.event.failing{border-color:#cf222e;"
                    + "background:#fff5f5}.event .head{font-weight:600}",
            ".failing-call{border:2px solid #cf222e;border-radius:6px;padding:8px 12px;background:#fff5f5}",
            ".label{border:1px solid #8250df;border-radius:6px;padding:6px 10px;background:#fbefff}",
            ".cards{display:flex;gap:12px;flex-wrap:wrap}.card{border:1px solid #d0d7de;border-radius:6px;"
                    + "padding:8px 12px;min-width:260px}",
            ".verdict{font-size:16px;font-weight:600;padding:8px 12px;border-radius:6px;display:inline-block}",
            ".side{display:grid;grid-template-columns:1fr 1fr;gap:12px}.side>div{min-width:0}",
            "img{max-width:100%;border:1px solid #d0d7de;border-radius:4px}",
            ".trial{border:1px solid #d0d7de;border-radius:8px;padding:4px 14px 12px;margin:16px 0}",
            "footer{color:#59636e;font-size:12px;margin-top:32px}");
}
