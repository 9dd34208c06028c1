#!/usr/bin/env bash
# Fuzzes ampcc's device pass (compiler/fuzz/DeviceFuzzer.cpp) with libFuzzer
# for SECONDS (default 600) of wall-clock time with one worker per core.
# SANITIZERS chooses the build (scripts/sanitize.sh): "undefined" (the
# default, in ./build-fuzz: UndefinedBehaviorSanitizer and coverage) is
# the fast one; "address,undefined" (in ./build-asan) adds AddressSanitizer
# to ampcc's own code, slower (its allocator and checks; the rates are in
# docs/reliability.md#fuzzing). Three quarters of an input's time is in
# Debian's libclang-cpp and libLLVM, which neither instruments. Replay
# a run's corpus under AddressSanitizer with
#   SANITIZERS=address,undefined bash scripts/fuzz.sh SECONDS
# which starts from the corpus the fast run kept. SECONDS bounds everything after
# the build: the seeds' first pass, the fuzzing and the merge (libFuzzer's
# -max_total_time alone does not count the first pass). The working corpus lives in fuzz-corpus/
# (kept between runs, not in git) and starts from every C++ source of the
# test suite plus compiler/fuzz/corpus/, the inputs earlier runs found that
# reach code the tests do not (a run adds its own there at the end).
# Crashes, timeouts and leaks are written to fuzz-artifacts/.
# Reproduce one with: build-fuzz/bin/ampcc-fuzz fuzz-artifacts/crash-...
# (which shows the input's diagnostics; -close_fd_mask=2 hides them, as here).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-600}

export SANITIZERS=${SANITIZERS:-undefined}
if [ "$SANITIZERS" = undefined ]; then DEFAULT_DIR=build-fuzz; else DEFAULT_DIR=build-asan; fi
BUILD_DIR=${BUILD_DIR:-$DEFAULT_DIR}
# Only the harness and the compiler libraries it links: the fuzzer does not
# need the runtime, the tools or the tests.
BUILD_DIR="$BUILD_DIR" TARGETS=ampcc-fuzz bash scripts/sanitize.sh --build-only
mkdir -p compiler/fuzz/corpus
END=$(($(date +%s) + SECONDS_TO_RUN))

# The seeds: the suite's sources, named by content like libFuzzer's own.
SEEDS=$(mktemp -d)
trap 'rm -rf "$SEEDS"' EXIT
# A test that says "ampcc-fuzz: not a seed" holds a known crash of Clang.
find test examples -name '*.cpp' -size -16k | while read -r f; do
  grep -q 'ampcc-fuzz: not a seed' "$f" && continue
  cp "$f" "$SEEDS/$(sha1sum < "$f" | cut -c1-40)"
done
cp compiler/fuzz/corpus/* "$SEEDS/" 2>/dev/null || true
mkdir -p fuzz-corpus fuzz-artifacts
cp -n "$SEEDS"/* fuzz-corpus/
# allow_user_poisoning=0 as in scripts/sanitize.sh (a false use-after-poison
# between ampcc's instrumented code and the uninstrumented libclang-cpp);
# for the merge below too.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allow_user_poisoning=0}
# The merge below runs the working corpus again: it keeps a tenth of the
# time (at least 20 s).
MERGE_SECONDS=$((SECONDS_TO_RUN / 10 > 20 ? SECONDS_TO_RUN / 10 : 20))
FUZZ_SECONDS=$((END - $(date +%s) - MERGE_SECONDS))
[ "$FUZZ_SECONDS" -ge 10 ] || FUZZ_SECONDS=10
# One worker per core, each its own process over the shared corpus, which
# is what libFuzzer's -jobs does, without its controlling process: that one
# dies of a SEGV in Fuzzer::InterruptExitCode when timeout(1) interrupts its
# workers (libFuzzer 19: it has no Fuzzer object), a report that reads like
# a finding. -timeout is for hangs, not slowness. -detect_leaks=0 as
# detect_leaks=0 above: libFuzzer would otherwise run again every input that
# mallocs more than it frees, to look for the leak LeakSanitizer is told not
# to report (half of the time, measured).
rm -f fuzz-[0-9]*.log fuzz-[0-9]*.time
rm -rf fuzz-work
# A worker that stops on a finding (kept in fuzz-artifacts/, its log too)
# is started again until the time is up: a known crash of Clang 19 in
# mutated lambdas (docs/reliability.md#fuzzing) ended half of a 50-minute
# run after 12 minutes. Each start runs the working corpus first.
# A worker can also die of a signal without libFuzzer's report: glibc
# found a corrupted heap inside realloc and aborted, and libFuzzer's
# handler, which allocates, never printed (2026-12-02). Each worker then
# has a temporary folder of its own (TMPDIR), where the harness writes the
# input it is compiling (ampcc-fuzz-*/input.cpp, after the "#include
# <amp.h>" line it adds), and a death by a signal keeps that input as
# fuzz-artifacts/died-signal-N-SHA1.
# keep_last_input WORKER SIGNAL LOG: the input a worker that died of
# SIGNAL was compiling, as libFuzzer would have kept it.
keep_last_input() {
  local IN
  IN=$(ls -t fuzz-work/"$1"/ampcc-fuzz-*/input.cpp 2>/dev/null | head -n 1)
  if [ -z "$IN" ]; then
    echo "fuzz.sh: worker $1 died of signal $2 and left no input" >> "$3"
    return
  fi
  local KEPT
  KEPT=$(mktemp)
  if [ "$(head -n 1 "$IN")" = '#include <amp.h>' ]; then tail -n +2 "$IN" > "$KEPT"; else cp "$IN" "$KEPT"; fi
  local NAME
  NAME="fuzz-artifacts/died-signal-$2-$(sha1sum < "$KEPT" | cut -c1-40)"
  mv "$KEPT" "$NAME"
  echo "fuzz.sh: worker $1 died of signal $2 without libFuzzer's report; its last input: $NAME" >> "$3"
}
# libFuzzer's Entropic schedule chooses the next input to mutate by what
# it may still teach; -entropic_scale_per_exec_time=1 weighs that by how
# fast the input runs against the corpus's average (from a tenth to thirty
# times), as AFL does. Here inputs differ in cost by tens of times (a
# whole mutated test program, template instantiations and all, against a
# file cut short by an early error): with it, an hour ran three times the
# inputs (36.6 a CPU second against 11.8, side by side) for the same
# coverage (docs/reliability.md#fuzzing). EXEC_TIME_SCALE=0 gives the
# plain schedule.
SCALE=${EXEC_TIME_SCALE:-1}
FUZZ_END=$(($(date +%s) + FUZZ_SECONDS))
for ((I = 0; I < ${JOBS:-2}; I++)); do
  (
    R=0
    while LEFT=$((FUZZ_END - $(date +%s))); [ "$LEFT" -ge 30 ]; do
      rm -rf "fuzz-work/$I" && mkdir -p "fuzz-work/$I"
      STATUS=0
      TMPDIR="$PWD/fuzz-work/$I" /usr/bin/time -a -f '%U %S' -o "fuzz-$I.time" \
        timeout -s INT -k 30 "$LEFT" "$BUILD_DIR/bin/ampcc-fuzz" fuzz-corpus \
        -dict=compiler/fuzz/ampcc.dict -max_total_time="$LEFT" -detect_leaks=0 \
        -timeout=60 -rss_limit_mb=4096 -max_len=16384 \
        -entropic_scale_per_exec_time="$SCALE" \
        -artifact_prefix=fuzz-artifacts/ -print_final_stats=1 -close_fd_mask=2 \
        > "fuzz-$I.$R.log" 2>&1 || STATUS=$?
      # 124: stopped at the limit; above 128: a signal, a finding unless it
      # came at the limit (timeout's SIGKILL, 30 s after its SIGINT).
      if [ "$STATUS" -gt 128 ] && [ "$(date +%s)" -lt "$FUZZ_END" ]; then
        keep_last_input "$I" $((STATUS - 128)) "fuzz-$I.$R.log"
      fi
      R=$((R + 1))
    done
  ) &
done
wait
# The rate per core is per CPU second (user + system, each worker's
# processes): on a shared machine a worker at nice 19 gets much less than
# a core of wall-clock time. The conditional is in parentheses: bare, awk
# reads printf's "c > 0" as a redirection to a file named 0. Each log
# counts once: its last final statistics (an interrupted libFuzzer can
# print them twice), else its last progress line ("#N ...") for a worker
# that died without them.
CPU=$(cat fuzz-[0-9]*.time 2>/dev/null | awk '{c += $1 + $2} END {print c + 0}')
for LOG in fuzz-[0-9]*.log; do
  awk '/^stat::number_of_executed_units:/ {s = $2} /^#[0-9]+\t/ {p = substr($1, 2)}
       END {print (s != "" ? s : p + 0)}' "$LOG"
done | awk -v s="$FUZZ_SECONDS" -v c="$CPU" '{n += $1} END {
    printf "fuzz.sh: %d inputs in %d s, %.0f s of CPU: %.1f inputs per CPU second\n",
           n, s, c, (c > 0 ? n / c : 0) }' || true
# What each worker's schedule reached: its last edges (cov), features
# (ft) and corpus, to weigh a rate against the coverage it bought.
for LOG in fuzz-[0-9]*.log; do
  awk -v name="$LOG" '/^#[0-9]+\t/ && / cov: / {l = $0} END {
    if (match(l, /cov: [0-9]+ ft: [0-9]+ corp: [0-9]+\/[0-9]+[A-Za-z]*/))
      print "fuzz.sh: " name " reached " substr(l, RSTART, RLENGTH) }' "$LOG"
done
grep -l '^==[0-9]*==ERROR\|^SUMMARY: \|deadly signal\|ALARM: working on\|^fuzz.sh: worker' fuzz-[0-9]*.log 2>/dev/null |
  sed 's/^/fuzz.sh: a finding, see /' || true

# Keep what this run found beyond the seeds: merge the working corpus into
# a copy of the seeds; the files the merge adds reach new code.
MERGED=$(mktemp -d)
cp "$SEEDS"/* "$MERGED/"
# The merge runs every input again: its log keeps any crash it meets (one
# was found so, 2026-11-24).
LEFT=$((END - $(date +%s)))
[ "$LEFT" -ge 5 ] || LEFT=5
RC=0
timeout -s INT -k 10 "$LEFT" "$BUILD_DIR/bin/ampcc-fuzz" -merge=1 "$MERGED" fuzz-corpus \
  -detect_leaks=0 -timeout=60 -rss_limit_mb=4096 -max_len=16384 -artifact_prefix=fuzz-artifacts/ \
  -close_fd_mask=2 2>fuzz-merge.log || RC=$?
# 124: interrupted at the limit; 137: killed 10 s later.
if [ $RC -eq 124 ] || [ $RC -eq 137 ] || grep -qi 'interrupted' fuzz-merge.log; then
  echo "fuzz.sh: the merge was cut short by the time limit: part of the corpus is not kept"
fi
grep -q 'ERROR:' fuzz-merge.log && echo "fuzz.sh: the merge met a crash: see fuzz-merge.log"
for f in "$MERGED"/*; do
  [ -e "$SEEDS/$(basename "$f")" ] || cp "$f" compiler/fuzz/corpus/
done
rm -rf "$MERGED"
echo "compiler/fuzz/corpus: $(ls compiler/fuzz/corpus | wc -l) inputs"
