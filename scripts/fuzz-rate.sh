#!/usr/bin/env bash
# Measures ampcc-fuzz's rate: inputs run per CPU second, one process, for
# SECONDS (default 400) from NSEEDS (default 30) of the suite's sources
# (those whose paths hash lowest, so the same ones each time), libFuzzer's
# seed fixed. CPU time (user + system) rather than wall-clock time: the
# build machine is shared, and contention inflates CPU time much less.
# The rate counts the seeds' first pass too. Before it, the CPU time of a
# fixed pass over the seeds (PASSES times) says what a build costs per
# input without the rate's spread. Reported in
# docs/reliability.md#fuzzing. Usage: scripts/fuzz-rate.sh [SECONDS [NSEEDS]]
# with BUILD_DIR (default build-fuzz, fuzz.sh's default) holding a built bin/ampcc-fuzz, or
# FUZZER naming another build of it. The schedule is fuzz.sh's
# (EXEC_TIME_SCALE, default 1: inputs weighed by their speed).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-400}
NSEEDS=${2:-30}
BIN=${FUZZER:-${BUILD_DIR:-build-fuzz}/bin/ampcc-fuzz}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir "$WORK/corpus"
# The seeds are the sources whose paths hash lowest: a file added to the
# suite changes the set only if its own path hashes among them (taking
# every k-th file by name shifted the whole set at each new test).
find test examples -name '*.cpp' -size -16k | while read -r f; do
  echo "$(printf '%s' "$f" | sha1sum | cut -c1-40) $f"; done | LC_ALL=C sort |
  head -n "$NSEEDS" | cut -d' ' -f2- > "$WORK/seeds"
while read -r f; do cp "$f" "$WORK/corpus/$(sha1sum < "$f" | cut -c1-40)"; done < "$WORK/seeds"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allow_user_poisoning=0}
# A new build of the harness builds its precompiled <amp.h> at its first
# input: here, outside both measurements.
echo 'int fuzz_rate_warm_up;' > "$WORK/warm-up.cpp"
"$BIN" -close_fd_mask=2 "$WORK/warm-up.cpp" > /dev/null 2>&1 || true
# The same inputs every time, for comparing builds: the fuzzing rate below
# spreads by a fifth between runs of one build (mutations follow coverage,
# and inputs differ in cost by tens of times), more than most changes move
# it. PASSES (default 3) passes over the seeds, each seed run as a file.
PASSES=${PASSES:-3}
SEEDFILES=()
for _ in $(seq "$PASSES"); do SEEDFILES+=("$WORK"/corpus/*); done
/usr/bin/time -f '%U %S' -o "$WORK/passes" "$BIN" -close_fd_mask=2 "${SEEDFILES[@]}" \
  > "$WORK/passes.log" 2>&1 || true
read -r PU PS < "$WORK/passes"
awk -v n="${#SEEDFILES[@]}" -v u="$PU" -v s="$PS" -v p="$PASSES" 'BEGIN {
  printf "fuzz-rate: the seeds as files, %d passes: %.1f ms of CPU each\n", p, 1000 * (u + s) / n }'
/usr/bin/time -f '%U %S' -o "$WORK/time" "$BIN" "$WORK/corpus" -seed=1 \
  -dict=compiler/fuzz/ampcc.dict -max_total_time="$SECONDS_TO_RUN" -detect_leaks=0 \
  -timeout=60 -rss_limit_mb=4096 -max_len="${MAX_LEN:-16384}" -artifact_prefix="$WORK/" \
  -entropic_scale_per_exec_time="${EXEC_TIME_SCALE:-1}" \
  -print_final_stats=1 -close_fd_mask=2 > "$WORK/log" 2>&1 || true
UNITS=$(awk '/stat::number_of_executed_units/ {print $2}' "$WORK/log")
NEW=$(awk '/stat::new_units_added/ {print $2}' "$WORK/log")
read -r USER SYS < "$WORK/time"
awk -v n="$UNITS" -v new="$NEW" -v u="$USER" -v s="$SYS" -v seeds="$NSEEDS" 'BEGIN {
  printf "fuzz-rate: %d inputs (%d new) from %d seeds in %.1f CPU s: %.3f s each, %.1f per CPU second\n",
         n, new, seeds, u + s, (u + s) / n, n / (u + s) }'
# The harness's own count: Clang's parses per input (Visual C++ repair
# rounds parse a file again).
awk '/^ampcc-fuzz: [0-9]+ inputs, [0-9]+ parses/ {
  printf "fuzz-rate: %.2f parses per input\n", $4 / $2 }' "$WORK/log"
grep -q 'ERROR\|deadly signal' "$WORK/log" && { echo "fuzz-rate: a finding:"; grep -m3 'ERROR\|deadly' "$WORK/log"; }
exit 0
