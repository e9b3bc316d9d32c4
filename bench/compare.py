#!/usr/bin/env python3
"""Tappable against Pango 1.50 + Cairo, measured in one run on the same inputs (`make bench`).

Usage: bench/compare.py [--quick] [--rounds N]

Needs the release builds of `tappable` and `tappable-bench` and `.build/pango-bench` (built from
bench/pango-bench.c by `make bench`), and pango-view (Debian pango1.0-tools) for the whole-process
figures. Every in-process figure runs the two engines' benchmark programs alternately, round by
round, with the same font file, text, size, width and scale (the order flips each round), and
takes the median of the rounds' medians; both programs time the CPU their thread uses, and the
whole-process figures are CPU time too, so the machine's other load counts for neither. Prints one
JSON object with every figure, then a Markdown table of the ratios (the README's "Performance").
"""
import json, os, random, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAPPABLE = f"{ROOT}/.build/release/tappable"
BENCH = f"{ROOT}/.build/release/tappable-bench"
PANGO = f"{ROOT}/.build/pango-bench"
FONT = f"{ROOT}/Fonts/Inter/Inter-Regular.otf"
LABEL = "By registering, I agree to the Terms of Service and Privacy Policy."
WORDS = ("the of and to in is that for it as was with be by on not this are or from at which but have an they you were "
         "there one all we their can has more if no out so what up its about into than them only some could new time "
         "these two may first then do any like now over such our even most made after also did many before must through "
         "back years where much your way well down should because each just those people how too little state good very "
         "make world still own see men work long get here between both life being under never day same another know "
         "registering agree terms service privacy policy e-mail well-known parenthesis quoted link label tap region "
         "office affine waffle fjord coffee AV Wa To Ty").split()


def natural_text(size, seed=7):
    """About `size` bytes of English-like text: sentences of 6 to 20 words, paragraphs of 2 to 7
    sentences, no paragraph repeated (so no engine can reuse one paragraph's work for another)."""
    rng = random.Random(seed)
    paragraphs, total = [], 0
    while total < size:
        sentences = []
        for _ in range(rng.randint(2, 7)):
            words = [rng.choice(WORDS) for _ in range(rng.randint(6, 20))]
            words[0] = words[0].capitalize()
            if len(words) > 8 and rng.random() < 0.5:
                words[rng.randint(2, len(words) - 3)] += ","
            sentences.append(" ".join(words) + rng.choice([".", ".", ".", "?", "!"]))
        paragraph = " ".join(sentences)
        paragraphs.append(paragraph)
        total += len(paragraph) + 1
    return "\n".join(paragraphs)[:size].rsplit(" ", 1)[0]


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def run_json(command):
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def interleaved(mode, rounds, iterations, text_args, width=320, scale=2, engines=("tappable", "pango")):
    """Each engine's median per operation over `rounds` alternating runs, and its last report."""
    programs = {"tappable": BENCH, "pango": PANGO}
    common = ["--font", FONT, "--size", "17", "--width", str(width), "--scale", str(scale),
              "--iterations", str(iterations), "--mode", mode] + text_args
    medians = {e: {} for e in engines}
    last = {}
    for r in range(rounds):
        order = engines if r % 2 == 0 else tuple(reversed(engines))
        for engine in order:
            report = run_json([programs[engine]] + common)
            last[engine] = report
            for key, value in report.items():
                if isinstance(value, dict) and "median" in value:
                    medians[engine].setdefault(key, []).append(value["median"])
    return {e: {op: median(v) for op, v in medians[e].items()} for e in engines}, last


def child_usage(command, env=None, exit_codes=(0,)):
    """CPU seconds (user + system), peak resident memory (bytes) and wall seconds of one process
    run, and what it printed."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.PIPE, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        error = process.stderr.read().decode()
        process.stderr.close()
        if os.waitstatus_to_exitcode(status) not in exit_codes:
            sys.exit(f"failed: {' '.join(command)}: {error}")
        out.seek(0)
        return usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, wall, out.read().decode()


def process_figures(folder, rounds):
    """`tappable render` against `pango-view` on the label at 2x: whole-process CPU and memory."""
    spec = os.path.join(folder, "label.json")
    with open(spec, "w") as f:
        json.dump({"text": LABEL, "font": {"family": "Inter", "size": 17}, "width": 320, "numberOfLines": 0, "scale": 2}, f)
    conf = os.path.join(folder, "fonts.conf")
    with open(conf, "w") as f:
        f.write(f'<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>{ROOT}/Fonts/Inter</dir>'
                f'<cachedir>{folder}/fccache</cachedir></fontconfig>')
    env = dict(os.environ, FONTCONFIG_FILE=conf)
    tappable = [TAPPABLE, "render", spec, "-o", os.path.join(folder, "t.png")]
    pango = ["pango-view", "--font=Inter 17", "--dpi=144", "--width=320", "--wrap=word-char", "--hinting=none",
             "--hint-metrics=off", "--antialias=gray", "--margin=0", "--background=transparent", "-q",
             "-o", os.path.join(folder, "p.png"), "-t", LABEL]
    for command, e in ((tappable, None), (pango, env)):   # warm the page cache and fontconfig's cache
        child_usage(command, e)
    samples = {"tappable": [], "pango": []}
    for r in range(rounds):
        pairs = [("tappable", tappable, None), ("pango", pango, env)]
        for name, command, e in (pairs if r % 2 == 0 else pairs[::-1]):
            samples[name].append(child_usage(command, e))
    result = {}
    for name, runs in samples.items():
        result[name] = {"cpuMilliseconds": median([c for c, _, _, _ in runs]) * 1e3,
                        "peakRSSMiB": median([m for _, m, _, _ in runs]) / 2**20,
                        "wallMilliseconds": median([w for _, _, w, _ in runs]) * 1e3}
    return result


def diff_process_figures(folder, rounds):
    """`tappable diff A B -o D` against `tappable diff A B` on a label of about two megapixels:
    whole-process CPU time."""
    text = " ".join(["By registering, I agree to the Terms of Service and Privacy Policy of this service."] * 12)
    spec = os.path.join(folder, "mp.json")
    with open(spec, "w") as f:
        json.dump({"text": text, "font": {"family": "Inter", "size": 17}, "width": 480, "numberOfLines": 0}, f)
    a, b, d = (os.path.join(folder, n) for n in ("a.png", "b.png", "d.png"))
    subprocess.run([TAPPABLE, "render", spec, "-o", a, "--scale", "3.3"], check=True)
    subprocess.run([TAPPABLE, "render", spec, "-o", b, "--scale", "3.3", "--highlight", "0,14"], check=True)
    commands = {"diff": [TAPPABLE, "diff", a, b], "diffWithOutput": [TAPPABLE, "diff", a, b, "-o", d]}
    child_usage(commands["diff"], exit_codes=(1,))
    cpu = {"diff": [], "diffWithOutput": []}
    report = None
    for r in range(rounds):
        for name in (("diff", "diffWithOutput") if r % 2 == 0 else ("diffWithOutput", "diff")):
            seconds, _, _, out = child_usage(commands[name], exit_codes=(1,))
            cpu[name].append(seconds)
            report = json.loads(out)
    return {"pixels": report["width"] * report["height"], "differentPixels": report["differentPixels"],
            "diffMilliseconds": median(cpu["diff"]) * 1e3, "diffWithOutputMilliseconds": median(cpu["diffWithOutput"]) * 1e3,
            "diffImageKiB": os.path.getsize(d) / 1024, "inputPNGKiB": os.path.getsize(a) / 1024}


def examples_figures(folder, rounds, copies):
    """Labels per second of `tappable examples` at 1 and 2 jobs (Examples/ copied `copies` times)."""
    specs = os.path.join(folder, "specs")
    os.makedirs(specs)
    names = sorted(n for n in os.listdir(f"{ROOT}/Examples") if n.endswith(".json"))
    for k in range(copies):
        for n in names:
            shutil.copy(f"{ROOT}/Examples/{n}", os.path.join(specs, f"{k:02d}-{n}"))
    count = copies * len(names)
    walls, cpus = {1: [], 2: []}, {1: [], 2: []}
    for r in range(rounds + 1):
        for jobs in ((1, 2) if r % 2 == 0 else (2, 1)):
            out = os.path.join(folder, f"out-{jobs}")
            cpu, _, wall, _ = child_usage([TAPPABLE, "examples", specs, "-o", out, "--jobs", str(jobs)])
            if r > 0:
                walls[jobs].append(wall)
                cpus[jobs].append(cpu)
    # Wall time: what parallel jobs buy, on a machine with nothing else running.
    return {"labels": count, "labelsPerSecond1Job": count / median(walls[1]), "labelsPerSecond2Jobs": count / median(walls[2]),
            "cpuMillisecondsPerLabel1Job": median(cpus[1]) * 1e3 / count, "cpuMillisecondsPerLabel2Jobs": median(cpus[2]) * 1e3 / count,
            "cores": os.cpu_count()}


def main():
    quick = "--quick" in sys.argv
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else (3 if quick else 5)
    for path in (TAPPABLE, BENCH, PANGO):
        if not os.path.exists(path):
            sys.exit(f"missing {path}: run `make bench`")
    figures = {"machine": {"cores": os.cpu_count(), "loadAverageAtStart": os.getloadavg()[0], "pango": None},
               "label": {}, "scaling": {}, "png": {}}
    with tempfile.TemporaryDirectory() as folder:
        label = ["--text", LABEL]
        for mode, iterations in (("layout", 2000), ("render", 2000), ("png", 300), ("hit", 200)):
            medians, last = interleaved(mode, rounds, iterations // (4 if quick else 1), label)
            figures["label"][mode] = {"tappableNs": list(medians["tappable"].values())[0], "pangoNs": list(medians["pango"].values())[0]}
            if mode == "layout":
                figures["label"][mode]["tappableColdNs"] = medians["tappable"]["layoutCold"]
                # HarfBuzz alone on the same text and font: the floor under both engines' layouts.
                shaped, _ = interleaved("shape", rounds, iterations // (4 if quick else 1), label, engines=("pango",))
                figures["label"][mode]["harfBuzzShapeNs"] = shaped["pango"]["shape"]
            if mode == "png":
                figures["label"]["png"]["tappableBytes"] = last["tappable"]["pngBytes"]
                figures["label"]["png"]["pangoBytes"] = last["pango"]["pngBytes"]
            figures["machine"]["pango"] = last["pango"]["engine"]
        # The PNG encoders alone on the label: `best` for publishing, against Cairo's writer.
        best, last = interleaved("png", rounds, 100 // (4 if quick else 1), label + ["--png-compression", "best"], engines=("tappable",))
        figures["png"]["labelBestNs"] = best["tappable"]["renderPNG"]
        figures["png"]["labelBestBytes"] = last["tappable"]["pngBytes"]
        for name, size, iterations in (("1KB", 1_000, 500), ("10KB", 10_000, 60), ("100KB", 100_000, 6), ("1MB", 1_000_000, 1)):
            path = os.path.join(folder, f"text-{name}.txt")
            with open(path, "w") as f:
                f.write(natural_text(size))
            medians, last = interleaved("layout", rounds if size < 1_000_000 else max(1, rounds // 2),
                                        max(1, iterations // (4 if quick else 1)), ["--text-file", path])
            figures["scaling"][name] = {"tappableNs": medians["tappable"]["layoutCold"], "pangoNs": medians["pango"]["layout"],
                                        "lines": last["tappable"]["lines"], "pangoLines": last["pango"]["lines"]}
            if name == "1MB":
                figures["scaling"][name]["tappablePeakRSSMiB"] = last["tappable"]["peakRSSBytes"] / 2**20
                figures["scaling"][name]["pangoPeakRSSMiB"] = last["pango"]["peakRSSBytes"] / 2**20
            if name == "100KB":
                medians, _ = interleaved("hit", rounds, 10, ["--text-file", path])
                figures["scaling"]["100KB"]["hitTappableNs"] = medians["tappable"]["hit"]
                figures["scaling"]["100KB"]["hitPangoNs"] = medians["pango"]["hit"]
        figures["diff1MP"] = diff_process_figures(folder, rounds)
        figures["process"] = process_figures(folder, rounds * 4)
        figures["examples"] = examples_figures(folder, rounds, 4 if quick else 8)
    figures["machine"]["loadAverageAtEnd"] = os.getloadavg()[0]
    print(json.dumps(figures, indent=2))
    print()
    print(table(figures))


def table(f):
    """The README's table: each figure, Tappable and Pango side by side, and the ratio."""
    def ms(ns):
        return f"{ns / 1e6:.3g} ms" if ns >= 1e5 else f"{ns / 1e3:.3g} µs" if ns >= 1e3 else f"{ns:.0f} ns"

    rows = ["| figure | Tappable | Pango 1.50 + Cairo | Pango ÷ Tappable |", "|---|---|---|---|"]
    label = f["label"]
    names = {"layout": "layout, two-line label, again (runs from the shape cache)", "render": "render, label at 2× (pixels only)",
             "png": "render + PNG, label at 2×", "hit": "hit-test, label"}
    for mode in ("layout", "render", "png", "hit"):
        t, p = label[mode]["tappableNs"], label[mode]["pangoNs"]
        rows.append(f"| {names[mode]} | {ms(t)} | {ms(p)} | {p / t:.2f}× |")
        if mode == "layout":
            t = label[mode]["tappableColdNs"]
            rows.append(f"| layout, two-line label, from nothing (caches emptied) | {ms(t)} | {ms(p)} | {p / t:.2f}× |")
            h = label[mode]["harfBuzzShapeNs"]
            rows.append(f"| HarfBuzz alone shaping the label (`hb_shape`, no layout) | {ms(h)} | {ms(h)} | {p / h:.2f}× (Pango's layout ÷ it) |")
    png = label["png"]
    rows.append(f"| PNG file, label at 2× | {png['tappableBytes'] / 1024:.1f} KiB (fast); {f['png']['labelBestBytes'] / 1024:.1f} KiB "
                f"(best, {ms(f['png']['labelBestNs'])} with render) | {png['pangoBytes'] / 1024:.1f} KiB | "
                f"{png['pangoBytes'] / png['tappableBytes']:.2f}× (size) |")
    for name, s in f["scaling"].items():
        rows.append(f"| layout, {name} of text ({s['lines']} lines), from nothing | {ms(s['tappableNs'])} | {ms(s['pangoNs'])} | "
                    f"{s['pangoNs'] / s['tappableNs']:.2f}× |")
    s = f["scaling"]["100KB"]
    rows.append(f"| hit-test, 100 KB | {ms(s['hitTappableNs'])} | {ms(s['hitPangoNs'])} | {s['hitPangoNs'] / s['hitTappableNs']:.0f}× |")
    s = f["scaling"]["1MB"]
    rows.append(f"| peak memory, 1 MB layout (whole process) | {s['tappablePeakRSSMiB']:.0f} MiB | {s['pangoPeakRSSMiB']:.0f} MiB | "
                f"{s['pangoPeakRSSMiB'] / s['tappablePeakRSSMiB']:.2f}× |")
    p = f["process"]
    rows.append(f"| `tappable render` vs `pango-view`, label at 2×: CPU | {p['tappable']['cpuMilliseconds']:.1f} ms | "
                f"{p['pango']['cpuMilliseconds']:.1f} ms | {p['pango']['cpuMilliseconds'] / p['tappable']['cpuMilliseconds']:.2f}× |")
    rows.append(f"| same: peak memory | {p['tappable']['peakRSSMiB']:.1f} MiB | {p['pango']['peakRSSMiB']:.1f} MiB | "
                f"{p['pango']['peakRSSMiB'] / p['tappable']['peakRSSMiB']:.2f}× |")
    d = f["diff1MP"]
    rows.append(f"| `tappable diff -o` ÷ `tappable diff`, {d['pixels'] / 1e6:.1f} MP, process CPU | {d['diffWithOutputMilliseconds']:.0f} ms ÷ "
                f"{d['diffMilliseconds']:.0f} ms = {d['diffWithOutputMilliseconds'] / d['diffMilliseconds']:.2f} "
                f"(diff image {d['diffImageKiB']:.0f} KiB) | | |")
    e = f["examples"]
    m = f["machine"]
    rows.append(f"| `tappable examples`, labels per second, 1 / 2 jobs ({e['cores']} cores, load average "
                f"{m['loadAverageAtStart']:.1f}–{m['loadAverageAtEnd']:.1f}) | {e['labelsPerSecond1Job']:.0f} / "
                f"{e['labelsPerSecond2Jobs']:.0f} ({e['labelsPerSecond2Jobs'] / e['labelsPerSecond1Job']:.2f}×); CPU per label "
                f"{e['cpuMillisecondsPerLabel1Job']:.1f} / {e['cpuMillisecondsPerLabel2Jobs']:.1f} ms | | |")
    return "\n".join(rows)


if __name__ == "__main__":
    main()
