#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need (.ci/apt-packages.txt) that are not installed
# yet, and does nothing else: with everything installed it prints nothing and touches no package list, so
# it can stand before every `swift run` and `swift test` (README.md, .ci/run and scripts/install.sh call it).
# Uses sudo when not run as root; with neither, it stops with one line naming what is missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
list="$root/.ci/apt-packages.txt"

packages=()
while read -r package; do
  [ -n "$package" ] && packages+=("$package")
done < <(sed 's/#.*//' "$list" | tr -d ' \t')

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-deps: not a Debian system (no dpkg-query or apt-get); make sure these or their equivalents are installed: ${packages[*]}" >&2
  exit 0
fi

missing=()
for package in "${packages[@]}"; do
  # Installed, not merely known to dpkg (a removed package keeps a status entry, and `dpkg -s` succeeds on it).
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null)" = installed ] || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-deps: missing Debian packages (${missing[*]}): run this as root or install sudo" >&2
    exit 1
  fi
  sudo=(sudo)
fi
echo "install-deps: installing ${missing[*]}" >&2
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
