#!/usr/bin/env bash
# Generates the default background videos of the landing page (spec §2, §9) and their posters into
# assets/default-media/videos/: 1.m4v (portrait, phones) and 2.m4v (landscape, desktop), H.264 without
# audio, each a seamless loop of soft light drifting in the brand's ink, plum and rose, plus
# 1-poster.webp and 2-poster.webp (the first frame). The server copies them into the `videos` bucket on
# start (seedDefaultMedia) unless an admin has uploaded replacements.
#
# Needs ffmpeg with libx264 and libwebp. ffmpeg is NOT a dependency of Mirror: only this script uses it,
# and the generated files are committed. Install it with `apt-get install ffmpeg` or `brew install ffmpeg`.
#
# Usage: scripts/make-default-media.sh [output-dir]
set -euo pipefail

if ! command -v ffmpeg >/dev/null 2>&1; then
  echo "make-default-media: ffmpeg is not installed (apt-get install ffmpeg, or brew install ffmpeg)." >&2
  echo "It is only needed to regenerate assets/default-media; the app itself does not use it." >&2
  exit 1
fi
encoders="$(ffmpeg -hide_banner -encoders 2>/dev/null)"
for encoder in libx264 libwebp; do
  if ! grep -qw "$encoder" <<<"$encoders"; then
    echo "make-default-media: this ffmpeg has no $encoder encoder; install a full ffmpeg build." >&2
    exit 1
  fi
done

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out_dir="${1:-$repo_root/assets/default-media/videos}"
mkdir -p "$out_dir"

loop_seconds=12
fps=24
crf=20

# geq has no named variables, so the scene is written out as text. `phase` makes one turn per loop and
# every motion uses whole multiples of it: that is what makes the last frame meet the first.
phase="(2*PI*T/$loop_seconds)"
# Coordinates in units of the frame's longer side, gently warped so the light flows rather than slides;
# kept in geq's registers 0 and 1 so each light reuses them.
coords="st(0,X/max(W,H)+0.04*sin(5*Y/max(W,H)+$phase));st(1,Y/max(W,H)+0.04*sin(4*X/max(W,H)-$phase))"

# light CX CY RX RY MX MY OFFSET SIGMA BREATH: a soft light whose centre (in fractions of width and height)
# circles with radii RX, RY at MX, MY turns per loop, and whose strength swells and fades by BREATH.
light() {
  local cx="W/max(W,H)*($1+$3*cos($5*$phase+$7))"
  local cy="H/max(W,H)*($2+$4*sin($6*$phase+$7))"
  local spread
  spread="$(awk "BEGIN { print 2 * $8 * $8 }")"
  echo "(1-$9+$9*cos($phase+$7))*exp(-(pow(ld(0)-($cx),2)+pow(ld(1)-($cy),2))/$spread)"
}

plum_light="$(light 0.30 0.30 0.10 0.07 1 1 0.0 0.22 0.10)"
rose_light="$(light 0.72 0.64 0.09 0.10 1 1 2.4 0.16 0.20)"
violet_light="$(light 0.60 0.14 0.12 0.06 1 1 4.1 0.22 0.10)"
warm_light="$(light 0.42 0.80 0.07 0.05 1 1 1.3 0.11 0.25)"

# channel INK PLUM ROSE VIOLET WARM: the ink ground plus each light's colour (0-255), through a soft
# shoulder so overlapping lights glow instead of clipping. The ink values land on #16131c after the curve.
channel() {
  echo "$coords;clip(65535*(1-exp(-($1+$2*$plum_light+$3*$rose_light+$4*$violet_light+$5*$warm_light)/255)),0,65535)"
}
red="$(channel 24 155 235 64 200)"
green="$(channel 20 48 105 30 138)"
blue="$(channel 30 100 132 84 108)"

# render NAME WIDTH HEIGHT: draws the scene at a quarter of the size (it is all soft light, and geq is
# slow) in 16 bits per channel, scales it up and blurs away the scaling, then dithers down to 8 bits so
# the dark gradients do not band, encodes for every browser and takes the first frame as the poster.
render() {
  local name="$1" width="$2" height="$3"
  local video="$out_dir/$name.m4v" poster="$out_dir/$name-poster.webp"
  echo "make-default-media: rendering $video (${width}x$height, ${loop_seconds}s loop)"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "nullsrc=s=$((width / 4))x$((height / 4)):r=$fps:d=$loop_seconds" \
    -vf "format=gbrp16le,geq=r='$red':g='$green':b='$blue',scale=$width:$height:flags=bicubic,format=gbrp16le,gblur=sigma=4,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p" \
    -an -c:v libx264 -preset veryslow -crf "$crf" -profile:v high -level 4.0 -g $((fps * loop_seconds / 2)) \
    -x264-params aq-mode=3 \
    -colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv \
    -movflags +faststart -f mp4 "$video"
  # WebP stores BT.601 colour: convert from the video's BT.709 through RGB, or the poster's hue would jump
  # when the video starts.
  ffmpeg -hide_banner -loglevel error -y -i "$video" -frames:v 1 \
    -vf "scale=in_color_matrix=bt709:in_range=tv,format=rgb24" -c:v libwebp -quality 70 "$poster"
}

render 1 540 960
render 2 1280 720

ls -l "$out_dir"
