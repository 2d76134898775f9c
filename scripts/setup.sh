#!/usr/bin/env bash
# Sets everything up on a fresh Debian 12 machine: Node 24 (if needed), Debian packages, npm ci,
# the web build. Usage: scripts/setup.sh [--with-browser]   (Chromium is always installed now: it draws
# model and drawing thumbnails; the flag is kept for older callers)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

# assimp: meshes → GLB; LibreOffice (+ python3-uno for the warm bridge): office → PDF; ffmpeg: video;
# poppler-utils: PDF page counts and pictures; Noto CJK: Chinese glyphs in renditions; Droid Sans
# Fallback: one TTF with CJK glyphs that the drawing viewer draws DWG/DXF text with (/api/fonts/cjk.ttf);
# chromium: thumbnails of models and drawings (modules/thumbnails/snapshot-renderer.ts) and the tests.
pkgs=(assimp-utils fonts-noto-cjk libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui
  python3-uno ffmpeg poppler-utils fonts-droid-fallback chromium)
missing=()
for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "› installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
echo "› building the web app"
npm run build --silent >/dev/null
