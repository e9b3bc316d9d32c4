#!/usr/bin/env python3
"""Compare Tappable's line breaks with Pango's on random texts (a developer's oracle, not CI).

Usage: scripts/pango-compare.py [SEED] [COUNT]
Needs `pango-view` (Debian: pango1.0-tools) and a built `tappable` (.build/debug or release).
Pango reads only the bundled Fonts/ through a private fontconfig file, and runs at 720 dpi so its
whole-pixel rounding of glyph positions is 0.1 pt. Differences that are expected are counted
apart: a word wider than the line (Tappable breaks it between clusters, Pango lets it overflow)
and lines within 1 pt of the width (Pango's rounding).
"""
import json, os, random, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAPPABLE = next((p for p in (f"{ROOT}/.build/release/tappable", f"{ROOT}/.build/debug/tappable") if os.path.exists(p)), None)
WORDS = ("the of and to in is that for it as was with be by on not this are or from at which but have an they you were "
         "there one all we their can has more if no out so what up its about into than them only some could new time "
         "these two may first then do any like now over such our even most made after also did many before must through "
         "back years where much your way well down should because each just those people how too little state good very "
         "make world still own see men work long get here between both life being under never day same another know "
         "registering agree Terms Service Privacy Policy e-mail well-known (parenthesis) \"quoted\" 3.14 50% $20 foo/bar").split()
FAMILIES = ["Inter", "DejaVu Sans"]


def fontconfig_file(folder):
    path = os.path.join(folder, "fonts.conf")
    with open(path, "w") as f:
        f.write(f"""<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>{ROOT}/Fonts</dir><cachedir>{folder}/cache</cachedir></fontconfig>""")
    return path


def pango_starts(text, family, size, width, env, folder):
    out = os.path.join(folder, "p.json")
    subprocess.run(["pango-view", f"--font={family} {size}", "--dpi=720", "-w", str(width), "--wrap=word",
                    "--hint-metrics=off", "--hinting=none", "-q", f"--serialize-to={out}", "-t", text,
                    "-o", os.path.join(folder, "p.png")], check=True, env=env)
    data = json.load(open(out))
    raw = text.encode()
    return [len(raw[:line["start-index"]].decode().encode("utf-16-le")) // 2 for line in data["output"]["lines"]]


def main():
    if not TAPPABLE or subprocess.run(["which", "pango-view"], capture_output=True).returncode != 0:
        sys.exit("needs a built tappable (swift build) and pango-view (apt-get install pango1.0-tools)")
    seed, count = (int(sys.argv[1]) if len(sys.argv) > 1 else 1), (int(sys.argv[2]) if len(sys.argv) > 2 else 100)
    rng = random.Random(seed)
    agree = expected = differ = 0
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, FONTCONFIG_FILE=fontconfig_file(folder))
        for _ in range(count):
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 40)))
            family, size, width = rng.choice(FAMILIES), rng.choice([12, 14, 15, 16, 17, 20]), rng.randint(80, 400)
            spec = os.path.join(folder, "s.json")
            json.dump({"text": text, "font": {"family": family, "size": size}, "width": width,
                       "numberOfLines": 0, "lineBreakMode": "wordWrap"}, open(spec, "w"))
            ours = json.loads(subprocess.run([TAPPABLE, "layout", spec], capture_output=True, text=True, check=True).stdout)
            starts = [line["range"][0] for line in ours["lines"]]
            theirs = pango_starts(text, family, size, width, env, folder)
            if starts == theirs:
                agree += 1
                continue
            near = any(abs(line["rect"][2] - width) < 1.0 for line in ours["lines"])
            # Or Pango's version of the first differing line is within 1 pt of the width for us.
            k = next(i for i in range(min(len(starts), len(theirs))) if starts[i] != theirs[i]) if starts[:1] == theirs[:1] else 0
            if 0 < k < len(theirs) or (k == 0 and len(theirs) > 1):
                lo = theirs[k - 1] if k > 0 else 0
                hi = theirs[k] if k < len(theirs) else len(text)
                piece = os.path.join(folder, "piece.json")
                json.dump({"text": text[lo:hi].rstrip(), "font": {"family": family, "size": size}, "numberOfLines": 0}, open(piece, "w"))
                measured = json.loads(subprocess.run([TAPPABLE, "layout", piece], capture_output=True, text=True, check=True).stdout)
                near = near or abs(measured["usedRect"][2] - width) < 1.0
            long_word = any(line["rect"][2] <= width and line["range"][1] > 0 and
                            not text[line["range"][0] + line["range"][1] - 1:line["range"][0] + line["range"][1]].isspace() and
                            line["range"][0] + line["range"][1] < len(text) and not text[line["range"][0] + line["range"][1]].isspace()
                            for line in ours["lines"])
            if near or long_word:
                expected += 1
            else:
                differ += 1
                print(f"DIFF {family} {size} at {width}: {text!r}\n  tappable {starts}\n  pango    {theirs}")
    print(json.dumps({"cases": count, "agree": agree, "expectedDifferences": expected, "unexplained": differ}))


if __name__ == "__main__":
    main()
