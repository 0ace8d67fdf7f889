#!/usr/bin/env python3
"""Summarises pairs.sh: for each round, timerLockCall's and shedLockCall's throughput and bytes
allocated per call (JMH's -prof gc), and their ratio; then the mean of the rounds' ratios with the
99.9 % confidence half-width of that mean (Student's t over the rounds), the error JMH itself uses
for a score. A round's two calls ran one after the other, so the load the machine had then is in
both; what remains in the error is how much the load changed within a round.
"""
import json
import math
import os
import statistics
import sys

# Two-sided 99.9 % quantiles of Student's t, by degrees of freedom (JMH's confidence level).
T_999 = {1: 636.62, 2: 31.599, 3: 12.924, 4: 8.610, 5: 6.869, 6: 5.959, 7: 5.408, 8: 5.041,
         9: 4.781, 10: 4.587, 11: 4.437, 12: 4.318, 13: 4.221, 14: 4.140, 15: 4.073}


def read(path):
    with open(path) as f:
        result = json.load(f)[0]
    score = float(result["primaryMetric"]["score"])
    allocated = result.get("secondaryMetrics", {}).get("gc.alloc.rate.norm")
    return score, None if allocated is None else float(allocated["score"])


def half_width(values):
    if len(values) < 2:
        return float("nan")
    t = T_999.get(len(values) - 1, 3.29)
    return t * statistics.stdev(values) / math.sqrt(len(values))


def main(directory):
    rounds = sorted({int(name.split("-", 1)[0]) for name in os.listdir(directory) if name.endswith(".json")})
    print("| round | timerLockCall ops/s | shedLockCall ops/s | ratio | timerLock B/call | shedLock B/call |")
    print("|---:|---:|---:|---:|---:|---:|")
    ratios, bytes_t, bytes_s = [], [], []
    for r in rounds:
        try:
            t, bt = read(os.path.join(directory, f"{r}-timerLockCall.json"))
            s, bs = read(os.path.join(directory, f"{r}-shedLockCall.json"))
        except (OSError, IndexError, ValueError):
            print(f"| {r} | incomplete | | | | |")
            continue
        ratios.append(t / s)
        bytes_t.append(bt)
        bytes_s.append(bs)
        print(f"| {r} | {t:,.0f} | {s:,.0f} | {t / s:.2f} | {bt:.0f} | {bs:.0f} |")
    if not ratios:
        return
    print()
    print(f"timerLockCall / shedLockCall throughput: **{statistics.mean(ratios):.2f}** ± "
          f"{half_width(ratios):.2f} ({len(ratios)} rounds; min {min(ratios):.2f}, max {max(ratios):.2f})")
    if None not in bytes_t and None not in bytes_s:
        mt, ms = statistics.mean(bytes_t), statistics.mean(bytes_s)
        print(f"bytes allocated per call: timerLockCall {mt:.0f} ± {half_width(bytes_t):.0f}, "
              f"shedLockCall {ms:.0f} ± {half_width(bytes_s):.0f}; ratio **{mt / ms:.2f}**")


if __name__ == "__main__":
    main(sys.argv[1])
