#!/usr/bin/env bash
# Regenerates scripts/link-order.txt, the symbol order lld follows when it links a release `photorama`.
#
# Why: the code one command runs is scattered over a 30 MB text segment, and the kernel maps every page
# fault's 64 KiB neighbourhood, so a `photorama download` touched 18 MB of program text for about 3 MB of
# code it ran. Functions listed here are placed first, together, in the order the commands below first
# ran them (help, download, recent, show, the browser), so they share pages.
#
# How: each command runs once under valgrind's callgrind (which sees every function, not a sample);
# the functions that are in the program's text become the order, reduced to one symbol per input section
# (lld moves whole sections, so a second name from the same section changes nothing). A stale file only
# costs locality: lld skips names that no longer exist (--no-warn-symbol-ordering).
#
# Needs valgrind, tmux and a release build; takes a few minutes. Run it after large changes and commit
# the result. Usage: scripts/link-order.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=scripts/link-order.txt
work=$(mktemp -d /tmp/photorama-link-order.XXXXXX)
trap 'tmux kill-session -t "photorama-link-order-$$" 2>/dev/null || true; kill "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

command -v valgrind >/dev/null || { echo "link-order: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
swift build -c release --product photorama --product photorama-bench
# The link map says which input section holds each symbol.
swift build -c release --product photorama -Xlinker "-Map=$work/photorama.map" -Xlinker --no-demangle
binary=$(swift build -c release --show-bin-path)/photorama
# valgrind cannot read the DWARF 5 this toolchain writes; the symbol table is enough.
strip --strip-debug -o "$work/photorama" "$binary"
"$(dirname "$binary")/photorama-bench" images sample "$work/photo.jpg" >/dev/null

export XDG_CACHE_HOME=$work/cache XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config
# The demo server takes any key; a real key never goes near this script.
export FLICKR_API_KEY=link-order-demo PX500_CONSUMER_KEY=link-order-demo
mkdir -p "$XDG_CONFIG_HOME"
run() { # NAME ARGS...: one command under callgrind
    local name=$1; shift
    valgrind -q --tool=callgrind --demangle=no --callgrind-out-file="$work/$name.out" "$work/photorama" "$@" >/dev/null 2>&1 || true
}

# The demo server runs natively in its own process, so the client's code paths are what is recorded.
"$binary" serve --port 0 >"$work/serve.txt" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q "Serving" "$work/serve.txt" && break; sleep 0.1; done
rest=$(awk '/Flickr REST:/ {print $3}' "$work/serve.txt")
px=$(awk '/500px v1:/ {print $3}' "$work/serve.txt")
locations=$(awk '/Locations:/ {print $2}' "$work/serve.txt")
urls=(--flickr-url "$rest" --500px-url "$px" --locations-url "$locations")
id=$("$binary" recent "${urls[@]}" --limit 1 --format ids)

run help --help
run download download "$id" "${urls[@]}" --dir "$work/downloads"
run recent recent --demo --limit 100
run show show "$work/photo.jpg" --size 80x40 --images blocks --colors 24bit
run sixel show "$work/photo.jpg" --size 80x40 --images sixel
run kitty show "$work/photo.jpg" --size 80x40 --images kitty

# The browser on the demo server: first grid, move, open the viewer, page down, quit.
session="photorama-link-order-$$"
tmux new-session -d -s "$session" -x 120 -y 40 \
    "env COLORTERM=truecolor valgrind -q --tool=callgrind --demangle=no --callgrind-out-file=$work/browse.out $work/photorama --demo; sleep 1"
for _ in $(seq 1 600); do tmux capture-pane -p -t "$session" | grep -q "Recent" && break; sleep 0.1; done
sleep 5
for keys in Right Right Down Down v Right Escape PageDown PageDown t s q; do
    tmux send-keys -t "$session" "$keys"
    sleep 1.5
done
for _ in $(seq 1 300); do tmux has-session -t "$session" 2>/dev/null || break; sleep 0.2; done

python3 - "$work" "$out" <<'PY'
import re, sys
work, out = sys.argv[1], sys.argv[2]
# lld's map: an input section line ("... path:(.text.x)") is followed by the symbols it holds.
section_of = {}
current = None
for line in open(f"{work}/photorama.map", errors="replace"):
    fields = line.split(None, 4)
    if len(fields) < 5:
        continue
    name = fields[4].strip()
    if ":(" in name:
        current = name if ".text" in name else None
    elif current is not None:
        section_of[name] = current
order, sections = [], set()
for scenario in ["help", "download", "recent", "show", "sixel", "kitty", "browse"]:
    try:
        text = open(f"{work}/{scenario}.out", errors="replace").read()
    except FileNotFoundError:
        sys.exit(f"link-order: callgrind wrote nothing for {scenario}")
    for match in re.finditer(r"^c?fn=\(\d+\) (.+)$", text, re.M):
        symbol = match.group(1).strip()
        section = section_of.get(symbol)
        if section is not None and section not in sections:
            sections.add(section)
            order.append(symbol)
open(out, "w").write("\n".join(order) + "\n")
print(f"link-order: {len(order)} sections in {out}")
PY
