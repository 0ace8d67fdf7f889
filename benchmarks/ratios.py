#!/usr/bin/env python3
"""Prints TimerLock/ShedLock throughput ratios per benchmark and store from one JMH JSON result,
and, for InterceptorBenchmarks, the locked call's throughput against the plain and pass-through calls.

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
    calls = {}
    for r in results:
        benchmark = r["benchmark"].rsplit(".", 1)[1]
        params = r.get("params", {})
        if "InterceptorBenchmarks" in r["benchmark"]:
            metric = r["primaryMetric"]
            calls[benchmark] = (float(metric["score"]), float(metric["scoreError"]))
            continue
        metric = r["primaryMetric"]
        key = (benchmark, params["backend"])
        scores.setdefault(key, {})[params["library"]] = (
            float(metric["score"]),
            float(metric["scoreError"]),
            metric["scoreUnit"],
        )

    if calls:
        print_interceptor(calls)
    if not scores:
        return
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


def print_interceptor(calls):
    print("| call | ops/s | ns per call | locked call / this |")
    print("|---|---:|---:|---:|")
    locked = calls.get("lockedCall")
    for name in ("plainCall", "passThroughCall", "lockedCall"):
        if name not in calls:
            print(f"| {name} | missing | | |")
            continue
        a, ea = calls[name]
        cell = "n/a" if locked is None else "" if name == "lockedCall" else ratio_cell(locked, (a, ea))
        print(f"| {name} | {a:,.0f} ± {fmt(ea)} | {1e9 / a:.3g} | {cell} |")
    print()


def ratio_cell(top, bottom):
    (a, ea), (b, eb) = top, bottom
    ratio = a / b
    error = ratio * math.sqrt(rel(ea, a) ** 2 + rel(eb, b) ** 2)
    return f"**{ratio:.2g}** ± {error:.1g}"


def rel(error, score):
    return math.nan if score == 0 else error / score


def fmt(error, digits=0):
    return "n/a" if math.isnan(error) else f"{error:,.{digits}f}"


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "target/jmh-result.json")
