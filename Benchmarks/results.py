#!/usr/bin/env python3
"""Writes Benchmarks/RESULTS.md and the scaling charts from the files that
Benchmarks/regenerate collected. Benchmarks/regenerate measures and then runs
this; run it by hand only to rewrite the page from measurements already taken:

    results.py WORKDIR        # e.g. results.py Benchmarks/measurements

WORKDIR holds run-1.tsv ... run-K.tsv (`closurekit-benchmarks --details`),
callgrind.tsv (`Benchmarks/callgrind --tsv`) and meta.txt (key: value lines).
"""
import collections
import glob
import os
import re
import statistics
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# The same measurements draw byte-identical SVG files (no date, fixed ids), so
# rewriting the page from Benchmarks/measurements/ changes nothing in git.
plt.rcParams["svg.hashsalt"] = "closurekit"

HERE = os.path.dirname(os.path.abspath(__file__))
CHARTS = os.path.join(HERE, "charts")


def read_tsv(path):
    with open(path) as handle:
        lines = [line.rstrip("\n").split("\t") for line in handle if line.strip()]
    header, body = lines[0], lines[1:]
    return [dict(zip(header, fields)) for fields in body]


def number(text):
    try:
        return float(text)
    except ValueError:
        return float("nan")


def load(workdir):
    runs = [read_tsv(path) for path in sorted(glob.glob(os.path.join(workdir, "run-*.tsv")))]
    meta = {}
    with open(os.path.join(workdir, "meta.txt")) as handle:
        for line in handle:
            if ":" in line:
                key, value = line.split(":", 1)
                meta[key.strip()] = value.strip()
    callgrind_path = os.path.join(workdir, "callgrind.tsv")
    callgrind = read_tsv(callgrind_path) if os.path.exists(callgrind_path) else []
    return runs, meta, callgrind


def key(row):
    # A delay row that overran its deadline says so in its name in that run
    # only; it is still the same row.
    case = re.sub(r" \(overran the deadline\)", "", row["case"])
    return (row["capability"], case, row["peer"])


def median_run(runs):
    """Per row: the run whose ratio is the median of the runs' ratios, and
    the range of the ratio over the runs."""
    by_key = collections.OrderedDict()
    for run in runs:
        for row in run:
            by_key.setdefault(key(row), []).append(row)
    merged = []
    for rows in by_key.values():
        ordered = sorted(rows, key=lambda row: number(row["ratio"]))
        chosen = dict(ordered[len(ordered) // 2])
        ratios = [number(row["ratio"]) for row in rows]
        chosen["ratio_low"] = min(ratios)
        chosen["ratio_high"] = max(ratios)
        chosen["verdicts"] = [row["verdict"] for row in rows]
        merged.append(chosen)
    return merged


def fmt(value):
    if value != value:
        return "-"
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    if value >= 0.01:
        return f"{value:.2f}"
    return f"{value:.4f}"


def verdict_text(row):
    verdicts = row["verdicts"]
    if all(v == "-" for v in verdicts):
        return "-"
    met = sum(1 for v in verdicts if v == "met")
    if met == len(verdicts):
        return "met" if len(verdicts) == 1 else f"met ({met}/{len(verdicts)} runs)"
    if met == 0:
        return "missed" if len(verdicts) == 1 else f"missed ({len(verdicts)}/{len(verdicts)} runs)"
    return f"met in {met}/{len(verdicts)} runs"


def sentence(capability, rows):
    """Where ClosureKit wins and loses, from the numbers: rows whose ours is a
    ClosureKit figure against an alternative (not floors, not the peer-only
    rows)."""
    wins, losses, level = [], [], []
    for row in rows:
        if row["case"].startswith("peer:") or "floor:" in row["case"] or "floor:" in row["peer"]:
            continue
        if row["peer"].startswith(("RSS before", "memory the pending")):
            continue
        if row["case"].startswith("scaling:"):
            continue
        ratio = number(row["ratio"])
        if ratio != ratio:
            continue
        text = f"{row['case']} vs {row['peer']} ({fmt(ratio)}×)"
        if fmt(ratio) == "1.00":
            level.append((ratio, text))
        else:
            (wins if ratio < 1 else losses).append((ratio, text))
    wins.sort()
    losses.sort(reverse=True)
    parts = []
    if wins:
        parts.append("ClosureKit costs less in " + "; ".join(t for _, t in wins))
    if losses:
        parts.append("it costs more in " + "; ".join(t for _, t in losses))
    if level:
        parts.append("it costs the same in " + "; ".join(t for _, t in level))
    if not parts:
        return f"No comparison rows for {capability}."
    return ". ".join(p[0].upper() + p[1:] for p in parts) + "."


SCALE = re.compile(r"^scaling: (.*?)(\d+)(k|M)? (.*)$")


def scaling_groups(rows):
    groups = collections.OrderedDict()
    for row in rows:
        match = SCALE.match(row["case"])
        if not match:
            continue
        prefix, digits, unit, suffix = match.groups()
        n = int(digits) * {None: 1, "k": 1_000, "M": 1_000_000}[unit]
        suffix = re.sub(r" \(overran the deadline\)", "", suffix)
        if n == 1:
            # "1 observer" and "10 observers" are the same series.
            suffix = re.sub(r"^(\w*[^s\W])\b", r"\1s", suffix)
        title = f"{row['capability']}: {prefix}N {suffix}".strip()
        groups.setdefault(title, {"metric": row["metric"], "series": collections.OrderedDict()})
        series = groups[title]["series"]
        series.setdefault("ClosureKit", {})[n] = number(row["ours_min"])
        series.setdefault(row["peer"], {})[n] = number(row["peer_min"])
    return groups


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def draw(groups):
    os.makedirs(CHARTS, exist_ok=True)
    for old in glob.glob(os.path.join(CHARTS, "*.svg")):
        os.remove(old)
    files = []
    for title, group in groups.items():
        figure, axes = plt.subplots(figsize=(6.4, 4.0))
        for label, points in group["series"].items():
            xs = sorted(points)
            axes.plot(xs, [points[x] for x in xs], marker="o", label=label,
                      linewidth=2.5 if label == "ClosureKit" else 1.5)
        axes.set_xscale("log")
        axes.set_yscale("log")
        axes.set_xlabel("N")
        axes.set_ylabel(group["metric"] + " (min over rounds)")
        axes.set_title(title, fontsize=10)
        axes.grid(True, which="both", alpha=0.3)
        axes.legend(fontsize=8)
        figure.tight_layout()
        name = slug(title) + ".svg"
        figure.savefig(os.path.join(CHARTS, name), metadata={"Date": None})
        plt.close(figure)
        files.append((title, "charts/" + name))
    return files


# A main-actor handler for an event sent on the main thread against the same
# handler registered from nonisolated code (IsolationBenchmarks.swift): a
# table of its own in RESULTS.md, since the peer is ClosureKit itself.
ISOLATION_PAIRS = [
    ("main-actor.control-events.send-1", "main-actor.peer.control-events.send-1", "control event send, main-actor handler on the main thread vs nonisolated handler"),
    ("main-actor.observation.write-1", "main-actor.peer.observation.write-1", "observed write, main-actor observer on the main thread vs nonisolated observer"),
    ("main-actor.proxy.implement", "main-actor.peer.proxy.implement", "proxy implement, main-actor closure on the main thread vs nonisolated closure"),
    ("main-actor.proxy.after", "main-actor.peer.proxy.after", "proxy after, main-actor closure on the main thread vs nonisolated closure"),
    ("main-actor.hooks.instance-after", "main-actor.peer.hooks.instance-after", "hook point after hook, main-actor hook on the main thread vs nonisolated hook"),
]


def callgrind_table(callgrind, pairs=None):
    if not callgrind:
        return ["Callgrind counts were not collected in this run (valgrind missing)."]
    counts = {row["case"]: number(row["instructions_per_op"]) for row in callgrind}
    # Per extra observer or handler: the 10-case minus the 1-case, over 9.
    for many, one, derived in [
        ("observation.write-10", "observation.write-1", "observation.per-extra"),
        ("observation.peer.didset-array-10", "observation.peer.didset-array-1", "observation.peer.per-extra"),
        ("control-events.send-10", "control-events.send-1", "control-events.per-extra"),
        ("control-events.peer.closure-array-10", "control-events.peer.closure-array-1", "control-events.peer.per-extra"),
    ]:
        if many in counts and one in counts:
            counts[derived] = (counts[many] - counts[one]) / 9
    pairs = pairs or [
        ("association.read.lifetime", "association.peer.typed-table", "association read, object adopts Lifetime vs typed side table"),
        ("association.read.any", "association.peer.typed-table", "association read, any object vs typed side table"),
        ("association.write.lifetime", "association.peer.typed-table-write", "association write, object adopts Lifetime vs typed side table"),
        ("association.write.any", "association.peer.typed-table-write", "association write, any object vs typed side table"),
        ("lifetime.create-end", "lifetime.peer.closure-array", "Lifetime: create, register end callback, end vs closure array in deinit"),
        ("proxy.instead", "proxy.peer.closure-delegate", "proxy instead-closure vs hand-written delegate + stored closure"),
        ("proxy.instead", "proxy.peer.locked-closure-delegate", "proxy instead-closure vs hand-written delegate + stored closure read under a lock"),
        ("proxy.fallback", "proxy.peer.weak-forwarder", "proxy realDelegate fallback vs hand-written weak forwarder"),
        ("proxy.before-after", "proxy.peer.weak-forwarder", "proxy before + after hooks vs hand-written weak forwarder"),
        ("hooks.none-anywhere", "hooks.peer.unset-closure", "hook point, no hooks vs method with an optional closure, none set"),
        ("hooks.none", "hooks.peer.unset-closure", "hook point, no hooks on this instance (others hooked) vs optional closure, none set"),
        ("hooks.instance-before", "hooks.peer.stored-closure", "hook point, one before hook vs method calling a stored closure"),
        ("hooks.instance-before", "hooks.peer.locked-closure", "hook point, one before hook vs method calling a stored closure read under a lock"),
        ("hooks.instance-instead", "hooks.peer.stored-closure", "hook point, one instance instead hook vs method calling a stored closure"),
        ("aspects.instance-before", "aspects.peer.instance-before-direct", "instance before hook installed by an aspect vs installed directly"),
        ("aspects.type-wide-before", "aspects.peer.type-wide-before-direct", "type-wide before hook installed by an aspect vs installed directly"),
        ("control-events.send-1", "control-events.peer.closure-array-1", "control event send, 1 handler vs closure array"),
        ("control-events.per-extra", "control-events.peer.per-extra", "control event send, per extra handler (1 to 10) vs closure array"),
        ("observation.write-1", "observation.peer.didset-array-1", "observed write, 1 observer vs didSet closure array"),
        ("observation.write-1", "observation.peer.locked-didset-array-1", "observed write, 1 observer vs value and closure array under a lock"),
        ("observation.per-extra", "observation.peer.per-extra", "observed write, per extra observer (1 to 10) vs didSet closure array"),
        ("observation.write-0", "observation.peer.didset-array-0", "observed write, no observer vs didSet, empty closure array"),
        ("observation.write-0", "observation.peer.locked-didset-array-0", "observed write, no observer vs value and empty closure array under a lock"),
        ("sequences.change-buffered", "sequences.peer.didset-asyncstream-yield", "change sequence, sender side (buffered) vs didSet yielding into an AsyncStream"),
        ("throttle.send-while-throttled", "throttle.peer.flag-throttle", "Throttler.send while throttled vs flag throttle (same design)"),
        ("throttle.send-while-throttled", "throttle.peer.timestamp-throttle", "Throttler.send while throttled vs timestamp throttle"),
        ("delays.schedule-cancel", "delays.peer.floor", "schedule + cancel vs floor: token + closure, clock, 2 locks"),
        ("delays.schedule-cancel", "delays.peer.dispatch-work-item", "schedule + cancel vs asyncAfter + DispatchWorkItem.cancel"),
        ("xml.proxy-forwarding", "xml.peer.weak-forwarder", "XMLParser (0.37 MB) proxy forwarding vs hand-written weak forwarder, per parse"),
        ("xml.closures", "xml.peer.closure-delegate", "XMLParser (0.37 MB) closures vs hand-written closure delegate, per parse"),
    ]
    lines = ["| row | ours (instr/op) | peer (instr/op) | ratio |", "|---|---:|---:|---:|"]
    for ours, peer, label in pairs:
        if ours in counts and peer in counts and counts[peer] > 0:
            lines.append(f"| {label} | {counts[ours]:,.0f} | {counts[peer]:,.0f} | {counts[ours] / counts[peer]:.2f} |")
    return lines


def main():
    workdir = sys.argv[1]
    runs, meta, callgrind = load(workdir)
    rows = median_run(runs)
    groups = scaling_groups(rows)
    charts = draw(groups)

    out = []
    out.append("# ClosureKit benchmark results")
    out.append("")
    out.append("Generated by `Benchmarks/regenerate` (do not edit by hand). Ratios are ours ÷ peer on the")
    out.append("minimum per operation; every row runs its sides interleaved in one process (A, B, A, B, …)")
    out.append("over many rounds, both built with the same settings (`-c release`, Swift 6 mode, no")
    out.append("flag for one side only). See `Benchmarks/Sources/closurekit-benchmarks/*.swift` for each row's method.")
    out.append("")
    out.append("## Machine")
    out.append("")
    for name in ["date", "machine", "cpu", "cores", "kernel", "toolchain", "runs", "load before", "load after", "note", "callgrind"]:
        if name in meta:
            out.append(f"- **{name}**: {meta[name]}")
    out.append("")
    out.append("## Instruction counts (the headline: repeatable whatever the machine's load)")
    out.append("")
    out.append("From `Benchmarks/callgrind`: instructions per operation under valgrind's callgrind")
    out.append("(difference between two run lengths, so set-up does not count). Instructions are not")
    out.append("time (cache misses, locks and atomics cost more than their count), but they do not move")
    out.append("with the load of a shared machine. The counts are the gate's baseline")
    out.append("(`measurements/callgrind.tsv`), which the commit that changes a count updates and CI")
    out.append("checks on every run; the machine section's date is the timed suite's.")
    out.append("")
    out.extend(callgrind_table(callgrind))
    if callgrind:
        out.append("")
        out.append("A main-actor handler for an event sent on the main thread, against the same handler registered")
        out.append("from nonisolated code (target: at most 1.2×):")
        out.append("")
        out.extend(callgrind_table(callgrind, ISOLATION_PAIRS))
    out.append("")
    out.append("## Timed rows")
    out.append("")
    out.append(f"Each row's figures come from the run whose ratio for that row is the median of the {len(runs)}")
    out.append("full run(s) (so two rows sharing a side may show it from different runs); the ratio column")
    out.append("gives that ratio and, in brackets, its range over the runs.")
    out.append("")
    out.append("Interleaving keeps a ratio steady while the machine's speed drifts within a run, and the")
    out.append("ranges show how steady it stayed over the runs. It does not make a ratio independent of")
    out.append("the machine: the two sides of a row spend their time on different things (locks, atomics,")
    out.append("allocation, cache misses, plain instructions), so a machine in another state (another")
    out.append("host, another neighbour) can move a ratio further than its range, and a target met on one")
    out.append("machine can be missed on the next. The instruction counts above do not move.")
    out.append("")
    by_capability = collections.OrderedDict()
    for row in rows:
        by_capability.setdefault(row["capability"], []).append(row)
    for capability, capability_rows in by_capability.items():
        out.append(f"### {capability}")
        out.append("")
        out.append(sentence(capability, capability_rows))
        out.append("")
        out.append("| case | metric | ours min | ours med | peer | peer min | peer med | ratio [range] | target | verdict |")
        out.append("|---|---|---:|---:|---|---:|---:|---:|---|---|")
        for row in capability_rows:
            ratio = number(row["ratio"])
            spread = f"{fmt(ratio)} [{fmt(row['ratio_low'])}–{fmt(row['ratio_high'])}]" if len(runs) > 1 else fmt(ratio)
            out.append(
                f"| {row['case']} | {row['metric']} | {row['ours_min']} | {row['ours_median']} | {row['peer']} | "
                f"{row['peer_min']} | {row['peer_median']} | {spread} | {row['target']} | {verdict_text(row)} |"
            )
        out.append("")
    out.append("## Scaling charts")
    out.append("")
    out.append("Cost per operation against N, log scales, ClosureKit beside each peer (minimum over rounds).")
    out.append("")
    for title, path in charts:
        out.append(f"### {title}")
        out.append("")
        out.append(f"![{title}]({path})")
        out.append("")
    targets = [row for row in rows if row["target"] != "-"]
    met = sum(1 for row in targets if row["verdict"] == "met")
    out.append("## Targets")
    out.append("")
    out.append(f"{met} of {len(targets)} targets met (each row's median run).")
    out.append("")
    history = os.path.join(HERE, "HISTORY.md")
    if os.path.exists(history):
        with open(history) as handle:
            lines = handle.read().rstrip("\n").split("\n")
        out.append("## History")
        out.append("")
        out.append("How ClosureKit's costs changed before 0.1.0, oldest first, from [HISTORY.md](HISTORY.md).")
        # HISTORY.md's title and opening paragraph (which points here) are left
        # out; its headings move down a level.
        body = lines[lines.index("", 2):] if "" in lines[2:] else lines[1:]
        out.extend(("#" + line) if line.startswith("## ") else line for line in body)
        out.append("")
    with open(os.path.join(HERE, "RESULTS.md"), "w") as handle:
        handle.write("\n".join(out))
    write_readme_figures(meta, callgrind, charts, met, len(targets), len(runs))
    print(f"wrote {os.path.join(HERE, 'RESULTS.md')}, {len(charts)} charts and the README's figures")


README_BEGIN = "<!-- benchmark figures: written by Benchmarks/regenerate -->"
README_END = "<!-- end of benchmark figures -->"


def write_readme_figures(meta, callgrind, charts, met, targets, runs):
    """Replaces the block between README_BEGIN and README_END in the
    package's README.md with the headline figures of this regeneration, so
    the README never quotes numbers RESULTS.md does not hold."""
    readme = os.path.join(os.path.dirname(HERE), "README.md")
    if not os.path.exists(readme):
        return
    with open(readme) as handle:
        text = handle.read()
    if README_BEGIN not in text or README_END not in text:
        print(f"README.md has no '{README_BEGIN}' block; its figures were not updated", file=sys.stderr)
        return
    block = [README_BEGIN, ""]
    block.append(
        f"From [Benchmarks/RESULTS.md](Benchmarks/RESULTS.md): the timed suite ({meta.get('date', 'undated')}, "
        f"{meta.get('cores', '?')} cores, {runs} full run(s)) met {met} of {targets} targets (each row's median run). "
        "Instructions per operation, counted under callgrind (the gate's baseline, "
        "`Benchmarks/measurements/callgrind.tsv`, which CI checks on every run), against what a competent "
        "engineer would write by hand:"
    )
    block.append("")
    block.extend(callgrind_table(callgrind))
    block.append("")
    for title, path in charts:
        if any(word in title for word in README_CHARTS):
            block.append(f"![{title}](Benchmarks/{path})")
            block.append("")
    block.append(README_END)
    start = text.index(README_BEGIN)
    end = text.index(README_END) + len(README_END)
    with open(readme, "w") as handle:
        handle.write(text[:start] + "\n".join(block) + text[end:])


# Charts the README shows (by a word of their title); RESULTS.md shows them all.
README_CHARTS = ("delays:", "association:")


if __name__ == "__main__":
    main()
