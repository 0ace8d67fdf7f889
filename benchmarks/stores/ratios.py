#!/usr/bin/env python3
"""Prints TimerLock/ShedLock throughput ratios per benchmark and store from one JMH JSON result,
and, for the interceptor benchmarks (benchmarks/interceptor/), each call's throughput against the plain call
and the locking interceptors' against each other, with bytes allocated per call when run with -prof gc.

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
            allocated = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm")
            calls[benchmark] = (
                (float(metric["score"]), float(metric["scoreError"])),
                None if allocated is None else (float(allocated["score"]), float(allocated["scoreError"])),
            )
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


INTERCEPTOR_CALLS = ("plainCall", "passThroughCall", "timerLockCall", "shedLockCall")
INTERCEPTOR_RATIOS = (
    ("timerLockCall", "shedLockCall"),
    ("timerLockCall", "passThroughCall"),
    ("shedLockCall", "passThroughCall"),
)


def print_interceptor(calls):
    print("| call | ops/s | ns per call | bytes allocated per call | this / plainCall |")
    print("|---|---:|---:|---:|---:|")
    plain = calls.get("plainCall")
    for name in INTERCEPTOR_CALLS:
        if name not in calls:
            print(f"| {name} | missing | | | |")
            continue
        (a, ea), allocated = calls[name]
        bytes_cell = "n/a (no -prof gc)" if allocated is None else f"{allocated[0]:.0f} ± {fmt(allocated[1])}"
        cell = "" if plain is None or name == "plainCall" else ratio_cell((a, ea), plain[0])
        print(f"| {name} | {a:,.0f} ± {fmt(ea)} | {1e9 / a:,.1f} ± {fmt(1e9 / a * rel(ea, a), 1)} | {bytes_cell} | {cell} |")
    print()
    print("| throughput ratio | value |")
    print("|---|---:|")
    for top, bottom in INTERCEPTOR_RATIOS:
        if top in calls and bottom in calls:
            print(f"| {top} / {bottom} | {ratio_cell(calls[top][0], calls[bottom][0])} |")
    print()


def ratio_cell(top, bottom):
    (a, ea), (b, eb) = top, bottom
    ratio = a / b
    error = ratio * math.sqrt(rel(ea, a) ** 2 + rel(eb, b) ** 2)
    return f"**{ratio:.3g}** ± {error:.2g}"


def rel(error, score):
    return math.nan if score == 0 else error / score


def fmt(error, digits=0):
    return "n/a" if math.isnan(error) else f"{error:,.{digits}f}"


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "target/jmh-result.json")
