#!/usr/bin/env bash
# Renders the app icon from its SVG sources into every size and format the packages need:
#   png/mst-panel-<N>.png  N = 16 32 48 64 128 256 512 1024 (16 and 32 from small.svg, drawn for the pixel grid)
#   mst-panel.icns         macOS (png2icns: 16 32 48 128 256 512 1024)
#   mst-panel.ico          Windows (icotool: 16 32 48 64 128 256)
# and copies the window sizes (16 32 48 64 128 256) into the app's resources.
# Debian tools: librsvg2-bin (rsvg-convert), icnsutils (png2icns), icoutils (icotool).
# The outputs are committed; rerun after editing an SVG.
set -euo pipefail
cd "$(dirname "$0")"
for tool in rsvg-convert png2icns icotool; do
  command -v "$tool" >/dev/null || { echo "make-icons.sh: $tool is missing: apt-get install librsvg2-bin icnsutils icoutils" >&2; exit 1; }
done
mkdir -p png
for n in 16 32; do rsvg-convert -w "$n" -h "$n" small.svg -o "png/mst-panel-$n.png"; done
for n in 48 64 128 256 512 1024; do rsvg-convert -w "$n" -h "$n" mst-panel.svg -o "png/mst-panel-$n.png"; done
png2icns mst-panel.icns png/mst-panel-{16,32,48,128,256,512,1024}.png >/dev/null
icotool -c -o mst-panel.ico png/mst-panel-{16,32,48,64,128}.png -r png/mst-panel-256.png
res=../app/src/main/resources/dev/mstpanel/ui/icons
mkdir -p "$res"
for n in 16 32 48 64 128 256; do cp "png/mst-panel-$n.png" "$res/mst-panel-$n.png"; done
echo "icons written: $(ls png | wc -l) PNGs, mst-panel.icns, mst-panel.ico, window icons in $res"
