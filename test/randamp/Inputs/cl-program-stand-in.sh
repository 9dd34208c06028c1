#!/bin/sh
# A stand-in for a random program run with AMPCC_REPLACE_CL, reporting as
# randamp's programs do (reduce-opencl-flaky.test): output out0 wrong in the
# optimised build; without optimisation right, or with FLAKY=1 wrong every
# other run (a counter in the file COUNTER names).
if [ -z "$AMPCC_CL_OPT_DISABLE" ]; then
  echo "mismatch out0: 1 of 4 elements"; echo "verdict FAIL 1"; exit 1
fi
N=$(cat "$COUNTER" 2>/dev/null || echo 0)
echo $((N + 1)) > "$COUNTER"
if [ "$FLAKY" = 1 ] && [ $((N % 2)) = 1 ]; then
  echo "mismatch out0: 1 of 4 elements"; echo "verdict FAIL 1"; exit 1
fi
echo "checksum 1"; echo "verdict PASS 0"
