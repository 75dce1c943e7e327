#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer and AddressSanitizer (see Tools/PhotoramaFuzzing).
#   scripts/fuzz.sh --list            names every fuzz target, one a line
#   scripts/fuzz.sh TARGET SECONDS    fuzzes TARGET for SECONDS; findings land in .build/fuzz-findings/TARGET
# The fuzz build lives in .build/fuzz, apart from the normal one, so the product is unaffected. The working
# corpus (.build/fuzz-corpus/TARGET) starts from Fuzz/seeds, the test fixtures and the demo server's answers.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--list" ]; then
  swift build -q --product photorama-fuzz >/dev/null
  exec "$(swift build --show-bin-path)/photorama-fuzz" --list
fi
if [ $# -ne 2 ]; then
  echo "usage: scripts/fuzz.sh --list | scripts/fuzz.sh TARGET SECONDS" >&2
  exit 2
fi
target="$1"
seconds="$2"

swift build -q --product photorama-fuzz >/dev/null
if ! "$(swift build --show-bin-path)/photorama-fuzz" --list | grep -qx "$target"; then
  echo "no fuzz target named $target; scripts/fuzz.sh --list names them" >&2
  exit 2
fi
# photorama-fuzz finds libFuzzer's LLVMFuzzerRunDriver at run time, hence its export; linked with lld (gold
# stops with an internal error on ASan's local symbols).
swift build -q --build-path .build/fuzz --product photorama-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver
binary="$(swift build --build-path .build/fuzz --show-bin-path)/photorama-fuzz"

corpus=".build/fuzz-corpus/$target"
findings=".build/fuzz-findings/$target"
mkdir -p "$corpus" "$findings"
[ -d "Fuzz/seeds/$target" ] && cp -n Fuzz/seeds/"$target"/* "$corpus"/ 2>/dev/null || true

# Seeds from the test fixtures and generated files: they need no server, so a fresh clone has them too.
seed_from_files() {
  case "$target" in
    flickr-parser | flickr-list-differential) cp -n Tests/PhotoramaKitTests/Fixtures/flickr/*.json "$corpus"/ 2>/dev/null || true ;;
    500px-parser | 500px-list-differential) cp -n Tests/PhotoramaKitTests/Fixtures/500px/*.json "$corpus"/ 2>/dev/null || true ;;
    png-decoder)
      # Small PNGs of each colour type and bit depth, written with zlib (the decoder under test is libpng's).
      python3 - "$corpus" <<'PY'
import struct, sys, zlib
def chunk(kind, data): return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
for colour, channels in ((0, 1), (2, 3), (4, 2), (6, 4)):
    for depth in (8, 16):
        w, h = 5, 3
        rows = b"".join(b"\0" + bytes((x * 37 + y * 11) % 256 for x in range(w * channels * depth // 8)) for y in range(h))
        png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
        open(f"{sys.argv[1]}/c{colour}-d{depth}.png", "wb").write(png)
PY
      ;;
    gif-decoder)
      # Still, animated, interlaced and transparent GIFs from ImageMagick (the decoder under test is giflib's).
      convert -size 6x4 gradient:red-blue "$corpus/still.gif" 2>/dev/null || true
      convert -delay 0 -size 5x3 xc:red xc:blue xc:lime -loop 2 "$corpus/animated.gif" 2>/dev/null || true
      convert -size 9x17 gradient:white-black -interlace GIF "$corpus/interlaced.gif" 2>/dev/null || true
      convert -dispose Previous -delay 5 -size 4x4 xc:none -fill red -draw "point 1,1" xc:blue "$corpus/disposal.gif" 2>/dev/null || true
      ;;
  esac
}
seed_from_files

# Seeds from a demo server of our own (loopback, ephemeral port), the normal debug build of photorama: built
# here, as a fresh clone has none (without it every target started from an empty corpus).
seed_from_demo() {
  local out pid base
  out="$(mktemp)"
  swift build -q --product photorama >/dev/null
  "$(swift build --show-bin-path)/photorama" serve --port 0 --seed 11 >"$out" 2>/dev/null &
  pid=$!
  # Up to 60 s: a debug build starting on a busy machine is slow. Without a server, the seeds on disk do.
  for _ in $(seq 1200); do grep -q "Serving" "$out" && break; sleep 0.05; done
  base="$(grep 'Locations:' "$out" | awk '{print $NF}' || true)"
  if [ -z "$base" ]; then
    echo "the demo server did not start: fuzzing from the seeds on disk only" >&2
    kill "$pid" 2>/dev/null || true
    rm -f "$out"
    return 0
  fi
  case "$target" in
    flickr-parser)
      for method in "flickr.photos.getRecent&per_page=5&extras=url_m,date_taken,owner_name,geo,tags" \
        "flickr.photos.search&text=harbor&per_page=5" "flickr.photos.getInfo&photo_id=1" \
        "flickr.photos.getSizes&photo_id=1" "flickr.photos.comments.getList&photo_id=1" "flickr.places.find&query=Paris"; do
        curl -s "$base/services/rest?method=$method&api_key=fuzz&format=json&nojsoncallback=1" >"$corpus/demo-${method%%&*}.json" || true
      done ;;
    500px-parser)
      curl -s "$base/v1/photos?feature=popular&consumer_key=fuzz&rpp=5" >"$corpus/demo-popular.json" || true ;;
    locations-parser)
      curl -s "$base/locations?country=Ger" >"$corpus/demo-locations.json" || true
      curl -s "$base/catalog?q=The" >"$corpus/demo-catalog.json" || true ;;
    jpeg-decoder | jpeg-region)
      curl -s "$base/services/rest?method=flickr.photos.getRecent&per_page=3&extras=url_m,url_t&api_key=fuzz&format=json&nojsoncallback=1" |
        python3 -c 'import json,sys; [print(p[k]) for p in json.load(sys.stdin)["photos"]["photo"] for k in ("url_t","url_m") if k in p]' |
        while read -r url; do curl -s "$url" >"$corpus/demo-$(basename "$url")" || true; done ;;
  esac
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -f "$out"
}
seed_from_demo

# Answers are mutated up to 16 KB (a page of about eight Flickr photos with every extra). Without a cap
# libFuzzer takes the largest seed as the limit: the recorded 190 KB pages of 100 photos made
# flickr-parser run at 92 inputs a second (500px-parser, whose seeds are small: 1,685).
case "$target" in
  flickr-parser|500px-parser|locations-parser) limits=(-max_len=16384) ;;
  *) limits=() ;;
esac

echo "fuzzing $target for $seconds s; corpus $corpus ($(ls "$corpus" | wc -l) files to start)"
status=0
# Leaks count as findings, except inside a dependency that cannot free (scripts/lsan-suppressions.txt).
PHOTORAMA_FUZZ_TARGET="$target" ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1" \
  LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt" "$binary" \
  -max_total_time="$seconds" -dict=Fuzz/json.dict -artifact_prefix="$findings/" -print_final_stats=1 \
  -timeout=10 -rss_limit_mb=2048 "${limits[@]}" "$corpus" || status=$?
echo "corpus $corpus: $(ls "$corpus" | wc -l) files; findings: $(ls "$findings" | wc -l) in $findings"
exit $status
