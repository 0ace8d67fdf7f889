#!/usr/bin/env python3
"""Prints TimerLock/ShedLock throughput ratios per benchmark and store from one JMH JSON result.

The error of a ratio r = a/b is propagated from JMH's 99.9% confidence half-widths of a and b,
r * sqrt((ea/a)^2 + (eb/b)^2): a first-order estimate that treats the two results as independent.
"""
import json
import math
import sys


def main(path):
    with open(path) as f:
        results = json.load(f)
    scores = {}
    for r in results:
        benchmark = r["benchmark"].rsplit(".", 1)[1]
        params = r.get("params", {})
        metric = r["primaryMetric"]
        key = (benchmark, params["backend"])
        scores.setdefault(key, {})[params["library"]] = (
            float(metric["score"]),
            float(metric["scoreError"]),
            metric["scoreUnit"],
        )

    print("| benchmark | store | TimerLock | ShedLock | TimerLock / ShedLock |")
    print("|---|---|---:|---:|---:|")
    for (benchmark, backend), sides in sorted(scores.items()):
        if "timerlock" not in sides or "shedlock" not in sides:
            print(f"| {benchmark} | {backend} | missing: {', '.join(sorted(sides))} only | | |")
            continue
        a, ea, unit = sides["timerlock"]
        b, eb, _ = sides["shedlock"]
        ratio = a / b
        error = ratio * math.sqrt(rel(ea, a) ** 2 + rel(eb, b) ** 2)
        print(
            f"| {benchmark} | {backend} | {a:,.0f} ± {fmt(ea)} {unit} | {b:,.0f} ± {fmt(eb)} {unit}"
            f" | **{ratio:.2f}** ± {fmt(error, 2)} |"
        )


def rel(error, score):
    return math.nan if score == 0 else error / score


def fmt(error, digits=0):
    return "n/a" if math.isnan(error) else f"{error:,.{digits}f}"


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "target/jmh-result.json")
