#!/usr/bin/env bash
# Builds photorama for release and installs it with its man page and its bash, zsh and fish completions:
#   scripts/install.sh                  into ~/.local
#   scripts/install.sh --prefix DIR     into DIR (a folder you can write to)
# Installs the missing Debian packages first (scripts/install-deps.sh). The man page (ArgumentParser's
# generate-manual plugin) and the completions (`photorama --generate-completion-script`) are generated from
# the commands themselves, here, and never committed.
set -euo pipefail

usage() { echo "usage: scripts/install.sh [--prefix DIR]   (default: ~/.local)"; }
prefix="$HOME/.local"
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix)
      [ $# -ge 2 ] && [ -n "$2" ] || { echo "install.sh: --prefix needs a folder" >&2; usage >&2; exit 2; }
      prefix="$2"; shift 2 ;;
    --prefix=?*) prefix="${1#--prefix=}"; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
# `--prefix=~/x` reaches us with its tilde; a relative prefix is taken from where the script was started.
prefix="${prefix/#\~/$HOME}"
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"

cd "$(dirname "$0")/.."
scripts/install-deps.sh

echo "== swift build -c release --product photorama"
swift build -c release --product photorama
binary="$(swift build -c release --show-bin-path)/photorama"

# The plugin builds the package's products (release, the same build as above) and writes one page for
# every command into its work folder.
echo "== swift package plugin generate-manual"
manual=".build/plugins/GenerateManual/outputs/photorama/photorama.1"
rm -f "$manual"
swift package plugin generate-manual
[ -s "$manual" ] || { echo "install.sh: the generate-manual plugin wrote no $manual" >&2; exit 1; }

generated="$(mktemp -d)"
trap 'rm -rf "$generated"' EXIT
# The root command's discussion has blank lines between its paragraphs, which the plugin copies as they are
# and man then warns about ("mdoc warning: Empty input line"): each becomes mdoc's paragraph break.
sed 's/^$/.Pp/' "$manual" > "$generated/photorama.1"
for shell in bash zsh fish; do
  "$binary" --generate-completion-script "$shell" > "$generated/$shell"
done

install -D -m 755 "$binary" "$prefix/bin/photorama"
install -D -m 644 "$generated/photorama.1" "$prefix/share/man/man1/photorama.1"
install -D -m 644 "$generated/bash" "$prefix/share/bash-completion/completions/photorama"
install -D -m 644 "$generated/zsh" "$prefix/share/zsh/site-functions/_photorama"
install -D -m 644 "$generated/fish" "$prefix/share/fish/vendor_completions.d/photorama.fish"

echo "Installed photorama $("$prefix/bin/photorama" --version) into $prefix:"
echo "  bin/photorama"
echo "  share/man/man1/photorama.1"
echo "  share/bash-completion/completions/photorama"
echo "  share/zsh/site-functions/_photorama"
echo "  share/fish/vendor_completions.d/photorama.fish"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "$prefix/bin is not on PATH: add it to use photorama and man photorama." ;;
esac
