#!/usr/bin/env python3
"""Compare Tappable's Markdown with cmark-gfm's on random and hand-made texts (a developer's
oracle, not CI).

Usage: scripts/markdown-compare.py [SEED] [COUNT] [--show N]
Needs `cmark-gfm` and `cmark` (Debian packages of those names) and a built `tappable`
(`swift build --product tappable`; .build/release or .build/debug).

Tappable parses with libcmark 0.30 and adds GitHub's autolinks and strikethrough itself; the
oracle is `cmark-gfm -e autolink -e strikethrough` (0.29.0.gfm.6). Both results are brought to
what a label shows: the text (blocks degraded to lines as MarkdownRenderer does), and for each
UTF-16 unit its link destination and whether it is struck through.

Inputs come from four sources: hand-made cases (the extensions' edge cases), every example of
cmark-gfm's spec (/usr/share/doc/cmark-gfm/spec.txt.gz), prose (words with now and then an inline
element, in paragraphs, list items, quotes and headings), and random strings of Markdown-ish
fragments (one set with everything, one without URLs, entities and escapes, to exercise
strikethrough, brackets and e-mail addresses). A disagreement is counted as "core" when cmark 0.30
and cmark-gfm 0.29 without extensions already parse the text differently (CommonMark 0.29 -> 0.30
changes and old bugs), as "raw source in a link" when a www./scheme:// link's word also holds an
entity, an escape or inline syntax (cmark-gfm copies the raw source into the link, Tappable
decodes it first), as "emphasis beside a tilde" when `*` or `_` touches a `~` (cmark-gfm's
emphasis flanking looks through tildes, CommonMark's does not), else as "other"; the others are
listed for review. Known others: a `~` pair that crosses an emphasis (`~~a *b~~ c*`: in cmark-gfm
the first closer wins, here emphasis is already made), a run of more than 100 tildes (cmark-gfm
cuts it into runs of 100), an e-mail address after more than 1000 "@" in one text (cmark-gfm
stops looking).
"""
import gzip, json, os, random, re, subprocess, sys
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAPPABLE = next((p for p in (f"{ROOT}/.build/release/tappable", f"{ROOT}/.build/debug/tappable") if os.path.exists(p)), None)
NS = "{http://commonmark.org/xml/1.0}"

HAND_MADE = [
    "a ~~b~~ c", "a ~b~ c", "a ~~~b~~~ c", "a~b~c", "~~a~~b", "a\\~\\~b\\~\\~", "&#126;&#126;a&#126;&#126;",
    "~~a *b~~ c*", "*a ~~b* c~~", "~~a ~b~~", "~a ~~b~", "~~a~~~b~~", "~~ a ~~", "a ~~ b~~", "~~**a**~~",
    "**~~a~~**", "~~[a](u)~~", "[a ~~b](u) c~~", "~~a [b~~](u)", "`~~a~~`", "~~`a`~~", "~~a\nb~~", "~~a\n\nb~~",
    "~a~~b~", "~~a~b~~", "x~~y~~z", "(~~a~~)", "~~a~~.", "\"~~a~~\"", "~~a~~~~b~~", "~~~~a~~~~",
    "see www.x.example now", "www.x.example/path?q=1.", "(www.x.example/a_(b)).", "www.x.example/a)b)",
    "www.x_y.example", "www.x.y_z", "www.x.example_", "www.x.example_ y", "a www.x.example&copy; b",
    "a www.x.example&amp; b", "awww.x.example", "*www.x.example*", "_www.x.example_", "~www.x.example~",
    "http://x.example", "https://x.example/a?b=c#d", "ftp://x.example/f", "HTTPS://X.EXAMPLE", "xhttp://x.example",
    "1https://x.example", "http://x", "http://x.example/'quoted'", "http://x.example/<b>", "http://-x.example",
    "[a](u) https://x.example", "[ https://x.example", "[a] https://x.example", "![ https://x.example",
    "[a [b](u) https://x.example", "![a](i) https://x.example", "[x](https://x.example) https://y.example",
    "me@x.example", "me@x.example.", "a.b+c-d_e@x.y.example", "me@x", "me@x.example_", "@x.example", "a/b@x.example",
    "mailto:me@x.example", "xmpp:me@x.example/home", "a@b@x.example", "[me@x.example](u)", "![me@x.example](i)",
    "<me@x.example>", "<https://x.example/~~a~~>", "https://x.example/~~a~~", "~~https://x.example~~",
    "~~www.x.example~~", "*https://x.example*", "**me@x.example**", "www.x.example\\_y", "a \\[ www.x.example",
    "# www.x.example ~~h~~", "> ~~quoted~~ www.q.example", "- ~~item~~ me@i.example", "1. ~a~ http://o.example",
    "line one ~~a\nline two b~~", "a  \n~~b~~", "a\\\n~~b~~", "~~a~~  \nb", "Ünïcödé ~~ß~~ www.ü.example",
    "😀~~a~~😀", "a ~~😀~~ b", "&nbsp;~~a~~", "~~a~~&nbsp;", "a ~~b~~\u00a0c", "[link ~~a~~ b](u)",
]

FRAGMENTS = (
    ["a", "b", "foo", "x1", "ü", "😀", "word", "Z"] * 3 +
    [" ", " ", " ", "  ", "\n", "\n\n", "  \n", "\\\n", "\t"] * 2 +
    [".", ",", "!", "?", ":", ";", "(", ")", "'", "\"", "-", "_", "/", "#", "&", "<", ">", "=", "+"] +
    ["*", "**", "_", "__", "~", "~", "~~", "~~", "~~~", "\\~", "&#126;", "\\*", "`", "``"] +
    ["[", "]", "![", "](u)", "](https://l.example)", "][r]", "\n\n[r]: https://r.example\n"] +
    ["www.", "www.x.example", "www.x_y.example", "http://", "https://a.example/p", "ftp://f.example",
     "me@x.example", "@", "mailto:", ".example", ".com", "&amp;", "&copy;", "<https://x.example>", "<b>"] +
    ["\n> ", "\n- ", "\n1. ", "\n# ", "\n    ", "\n```\n"]
)


def spec_examples():
    path = "/usr/share/doc/cmark-gfm/spec.txt.gz"
    if not os.path.exists(path):
        return []
    text = gzip.open(path, "rt", encoding="utf-8").read()
    examples = re.findall(r"^```````````````````````````````` example[^\n]*\n(.*?)^\.\n", text, re.M | re.S)
    return [e.replace("→", "\t") for e in examples if "\0" not in e]


def random_inputs(seed, count, fragments=FRAGMENTS):
    rng = random.Random(seed)
    return ["".join(rng.choice(fragments) for _ in range(rng.randint(1, 30))) for _ in range(count)]


def prose_inputs(seed, count):
    """Paragraphs as people write them: words and punctuation, now and then an inline element
    (emphasis, strikethrough, code, a link, an autolink, an address, an escape), list items and
    quotes."""
    rng = random.Random(seed)
    words = "the terms of service and privacy policy apply to you our app see more here now please read".split()
    elements = ["*{w}*", "**{w}**", "_{w}_", "~~{w}~~", "~{w}~", "`{w}`", "[{w}](https://x.example/{w})",
                "www.{w}.example", "https://{w}.example/a?b=1", "{w}@mail.example", "<https://{w}.example>",
                "\\*{w}\\*", "\\~{w}", "{w}&amp;{w}", "![{w}](i.png)", "~~{w} *{w}*~~", "*{w} ~~{w}~~*",
                "[{w} ~~{w}~~](u)", "({w})", "\"{w}\"", "{w}...", "{w}!", "~{w}", "{w}~"]
    inputs = []
    for _ in range(count):
        lines = []
        for _ in range(rng.randint(1, 4)):
            parts = []
            for _ in range(rng.randint(3, 14)):
                w = rng.choice(words)
                parts.append(rng.choice(elements).format(w=w) if rng.random() < 0.3 else w)
            line = " ".join(parts) + rng.choice([".", "", ",", "!", "?"])
            lines.append(rng.choice(["", "", "", "- ", "1. ", "> ", "# "]) + line)
        inputs.append(rng.choice(["\n", "\n\n"]).join(lines))
    return inputs


# Strikethrough, emphasis, brackets and e-mail addresses without URLs, entities or escapes.
INLINE_FRAGMENTS = [f for f in FRAGMENTS if not any(t in f for t in ("www", "://", "&", "\\", "mailto"))]


def raw_source_link(source):
    """Whether a word with a www./scheme:// link also holds an entity, an escape or inline syntax
    after the link's start: cmark-gfm copies such raw source into the link (`&amp;` stays
    "&amp;", `\\_` keeps its backslash, `*x*` is not emphasis), Tappable decodes it first."""
    for word in re.split(r"[ \t\n]+", source):
        starts = [i for i in (word.find("www."), word.find("://")) if i >= 0]
        if starts and any(c in word[min(starts):] for c in "&\\`*_[]!<"):
            return True
    return False


class Flat:
    """A label's content: text plus per-UTF-16-unit link and strikethrough."""

    def __init__(self):
        self.parts, self.links, self.strikes = [], [], []

    def add(self, text, link, strike):
        self.parts.append(text)
        units = len(text.encode("utf-16-le")) // 2
        self.links += [link] * units
        self.strikes += [strike] * units

    @property
    def text(self):
        return "".join(self.parts)


def oracle_flat(xml):
    """cmark-gfm's XML, rendered the way MarkdownRenderer renders libcmark's tree."""
    root = ET.fromstring(xml)
    flat = Flat()
    state = {"pending": False, "after_marker": False}
    parents = {}

    def emit(text, link=None, strike=False):
        if not text:
            return
        if state["pending"]:
            state["pending"] = False
            flat.add("\n", None, False)
        flat.add(text, link, strike)

    def start_block():
        if state["after_marker"]:
            state["after_marker"] = False
            return
        if flat.parts:
            state["pending"] = True

    def marker(item):
        lst = parents[item]
        depth, node = 0, parents.get(lst)
        while node is not None:
            if node.tag == NS + "list":
                depth += 1
            node = parents.get(node)
        indent = "  " * depth
        if lst.get("type") != "ordered":
            return indent + "• "
        return indent + f"{int(lst.get('start', '1')) + list(lst).index(item)}. "

    # Iterative walk with enter/exit events; link and strike states on a stack.
    stack = [(root, False)]
    styles = [(None, False)]
    while stack:
        node, exiting = stack.pop()
        tag = node.tag[len(NS):]
        if exiting:
            if tag in ("link", "image", "strikethrough", "emph", "strong"):
                styles.pop()
            if tag == "item":
                state["after_marker"] = False
            continue
        link, strike = styles[-1]
        if tag in ("paragraph", "heading"):
            start_block()
        elif tag == "item":
            state["after_marker"] = False
            start_block()
            emit(marker(node), link, strike)
            state["after_marker"] = True
        elif tag in ("code_block", "html_block"):
            start_block()
            literal = node.text or ""
            emit(literal[:-1] if literal.endswith("\n") else literal, link, strike)
        elif tag in ("text", "code", "html_inline"):
            emit(node.text or "", link, strike)
        elif tag == "softbreak":
            emit(" ", link, strike)
        elif tag == "linebreak":
            emit("\n", link, strike)
        elif tag == "link":
            styles.append((node.get("destination", ""), strike))
        elif tag == "strikethrough":
            styles.append((link, True))
        elif tag in ("image", "emph", "strong"):
            styles.append((link, strike))
        stack.append((node, True))
        for child in reversed(list(node)):
            parents[child] = node
            stack.append((child, False))
    return flat


def tappable_flat(output):
    data = json.loads(output)
    flat = Flat()
    text = data["text"]
    units = text.encode("utf-16-le")
    for run in data["runs"]:
        start, length = run["range"]
        piece = units[2 * start: 2 * (start + length)].decode("utf-16-le", errors="surrogatepass")
        flat.add(piece, run.get("link"), "strikethrough" in run)
    return flat


def run(args, source):
    return subprocess.run(args, input=source.encode(), capture_output=True, timeout=60).stdout.decode()


def compare(source):
    gfm = oracle_flat(run(["cmark-gfm", "-e", "autolink", "-e", "strikethrough", "-t", "xml"], source))
    got = tappable_flat(subprocess.run([TAPPABLE, "markup", "--markdown", "--", source], capture_output=True,
                                       timeout=60).stdout.decode())
    problems = []
    if gfm.text != got.text:
        problems.append(f"text: cmark-gfm {gfm.text!r}, tappable {got.text!r}")
    else:
        if gfm.links != got.links:
            problems.append(f"links: cmark-gfm {spans(gfm, gfm.links)}, tappable {spans(got, got.links)}")
        if gfm.strikes != got.strikes:
            problems.append(f"strike: cmark-gfm {spans(gfm, gfm.strikes)}, tappable {spans(got, got.strikes)}")
    if not problems:
        return None
    if normalized_core(run(["cmark-gfm", "-t", "xml"], source)) != normalized_core(run(["cmark", "-t", "xml"], source)):
        return ("core", problems)
    if raw_source_link(source):
        return ("raw source in a link", problems)
    if re.search(r"[*_]~|~[*_]", source):
        return ("emphasis beside a tilde", problems)
    return ("other", problems)


# Known kinds of disagreement (see the module comment), with how they are reported.
KINDS = {
    "core": "in core CommonMark (cmark 0.30 vs cmark-gfm 0.29)",
    "raw source in a link": "with raw source in a link",
    "emphasis beside a tilde": "with emphasis beside a tilde (cmark-gfm's flanking skips `~`)",
}


def normalized_core(xml):
    return re.sub(r'<!DOCTYPE[^>]*>|\s+(sourcepos|xmlns)="[^"]*"| title=""', "", xml)


def spans(flat, values):
    """Runs of equal non-empty values as (text, value)."""
    units = flat.text.encode("utf-16-le")
    result, start = [], 0
    for i in range(1, len(values) + 1):
        if i == len(values) or values[i] != values[start]:
            if values[start]:
                result.append((units[2 * start: 2 * i].decode("utf-16-le", errors="surrogatepass"), values[start]))
            start = i
    return result


def main():
    if not TAPPABLE:
        sys.exit("build tappable first: swift build --product tappable")
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    show = int(sys.argv[sys.argv.index("--show") + 1]) if "--show" in sys.argv else 40
    if "--show" in sys.argv:
        args.remove(str(show))
    seed = int(args[0]) if args else 1
    count = int(args[1]) if len(args) > 1 else 2000
    sets = [("hand-made", HAND_MADE), ("spec examples", spec_examples()), ("prose", prose_inputs(seed, count)),
            ("random", random_inputs(seed, count)),
            ("random without URLs, entities, escapes", random_inputs(seed, count, INLINE_FRAGMENTS))]
    listed = 0
    for name, inputs in sets:
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(compare, inputs))
        counts = {kind: sum(1 for r in results if r and r[0] == kind) for kind in KINDS}
        others = [(s, r[1]) for s, r in zip(inputs, results) if r and r[0] == "other"]
        agree = sum(1 for r in results if r is None)
        print(f"{name}: {agree}/{len(inputs)} agree ({100 * agree / max(1, len(inputs)):.1f} %); differ: "
              + ", ".join(f"{counts[kind]} {KINDS[kind]}" for kind in KINDS) + f", {len(others)} other")
        ext = others
        for source, problems in ext:
            if listed < show:
                listed += 1
                print(f"  {source!r}")
                for p in problems:
                    print(f"      {p}")


if __name__ == "__main__":
    main()
