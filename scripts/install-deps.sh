#!/bin/sh
# Installs the Debian packages genoc needs to build and test, skipping the
# apt round-trip when everything is already there. Debian 12 (bookworm).
set -eu
PKGS="build-essential cmake pkg-config tcc libtcc-dev libgc-dev libgmp-dev check libseccomp-dev libutf8proc-dev libpcre2-dev libcurl4-openssl-dev clang libclang-rt-14-dev"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && SUDO=sudo
echo "installing:$missing"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
