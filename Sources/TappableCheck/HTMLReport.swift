import Foundation
import TappableLabelSnapshot
import TappableRendering
import TappableSnapshot

/// A check run as one self-contained HTML file (no network: images are data URIs, styles and
/// script inline, and a Content-Security-Policy forbids every fetch). Each failing label shows
/// its failing snapshots with expected, actual and diff side by side, a slider and an onion-skin
/// view, the figures and the absolute paths; for the label's images the hit map's tap areas and
/// glyph rects are drawn over expected (the reference hit map) and actual (the new one). Text
/// snapshots show their line diff. Passing labels are listed, collapsed.
public enum HTMLReport {
    /// Failing labels shown with their images; later ones are listed with their paths only, so
    /// a run with thousands of failures still gives a file a browser opens.
    public static let maxLabelsWithImages = 200
    /// Image files larger than this (bytes) are not embedded; the report names their path.
    public static let maxEmbeddedImageBytes = 8 << 20
    /// Text diffs and hit maps are read up to this many bytes.
    public static let maxTextBytes = 256 << 10

    /// The report's HTML text.
    public static func html(_ run: CheckRun) -> String {
        let failing = run.labels.filter { !$0.passed }
        let passing = run.labels.filter(\.passed)
        var body = ""
        body += "<header><h1>tappable check</h1>\n"
        body += "<p class=\"figures\"><b>\(run.labels.count)</b> labels · <b class=\"bad\">\(run.failedCount)</b> failed · "
            + "<b class=\"bad\">\(run.errorCount)</b> errors · <b>\(run.passedCount)</b> passed · \(run.recordedCount) snapshots recorded · "
            + "\(run.snapshotCount) snapshots · shard \(run.shard) of a suite of \(run.suiteSize) · \(run.jobs) jobs · "
            + "\(String(format: "%.2f", run.seconds)) s</p>\n"
        body += "<dl class=\"paths\">"
        for (title, path) in [("SPECs", run.options.specsDirectory), ("references", run.options.snapshotsDirectory),
                              ("failures", run.options.failuresDirectory)] {
            body += "<dt>\(title)</dt><dd>\(escape(SnapshotStore.absolute(path)))</dd>"
        }
        body += "<dt>record mode</dt><dd>\(run.decision.mode.rawValue)\(run.decision.refusal.map { " — " + escape($0) } ?? "")</dd></dl>\n"
        body += "<p class=\"controls\" id=\"zoom\">zoom "
        for zoom in [1, 2, 4] {
            body += "<label><input type=\"radio\" name=\"zoom\" value=\"\(zoom)\"\(zoom == 2 ? " checked" : "")> \(zoom)×</label>"
        }
        body += " <span class=\"hint\">(add #mode=slider or #mode=onion to the address to open every failure in that view)</span></p>\n"
        body += "</header>\n<main>\n"
        body += "<section id=\"failures\"><h2>Failures (\(failing.count))</h2>\n"
        if failing.isEmpty { body += "<p class=\"none\">No failures.</p>\n" }
        var scripts = ""
        for (n, label) in failing.enumerated() {
            body += article(label, number: n, run: run, withImages: n < maxLabelsWithImages, scripts: &scripts)
        }
        if failing.count > maxLabelsWithImages {
            body += "<p class=\"note\">Images are shown for the first \(maxLabelsWithImages) failing labels; the others list their files.</p>\n"
        }
        body += "</section>\n"
        body += "<details id=\"passed\"><summary>Passed (\(passing.count))</summary><ul>\n"
        for label in passing {
            let recorded = label.parts.filter(\.recorded).map(\.fileName)
            body += "<li data-status=\"passed\">\(escape(label.name)) <span class=\"count\">\(label.parts.count) snapshots</span>"
                + (recorded.isEmpty ? "" : " <span class=\"tag\">recorded \(escape(recorded.joined(separator: ", ")))</span>") + "</li>\n"
        }
        body += "</ul></details>\n</main>\n"
        let title = "tappable check: \(run.failedCount + run.errorCount) failing of \(run.labels.count)"
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>\(style)</style></head>
        <body>
        \(body)\(scripts)<script>\(script)</script>
        </body></html>

        """
    }

    /// One failing label: its failing snapshots, each with its viewer.
    static func article(_ label: LabelResult, number: Int, run: CheckRun, withImages: Bool, scripts: inout String) -> String {
        let status = label.error != nil ? "error" : "failed"
        var out = "<article class=\"label\" data-status=\"\(status)\" id=\"label-\(number)\">\n"
        out += "<h3>\(escape(label.name)) <span class=\"badge \(status)\">\(status)</span></h3>\n"
        out += "<p class=\"spec\">\(escape(label.specPath))</p>\n"
        if let error = label.error {
            out += "<pre class=\"error\">\(escape(error))</pre>\n</article>\n"
            return out
        }
        let hasHitMaps = label.parts.contains { $0.failed && ($0.form == .normal || $0.form.partName.hasPrefix("highlighted")) }
        let referenceMap = "hitmap-\(number)-reference", actualMap = "hitmap-\(number)-actual"
        if withImages && hasHitMaps {
            let referencePath = SnapshotLocation(referenceDirectory: run.options.snapshotsDirectory, failuresDirectory: run.options.failuresDirectory,
                                                 name: label.name + ".hitmap").referencePath("json")
            scripts += jsonScript(id: referenceMap, read(referencePath, limit: maxTextBytes).map { String(decoding: $0, as: UTF8.self) })
            scripts += jsonScript(id: actualMap, label.actualHitMap)
        }
        for (i, part) in label.parts.enumerated() where part.failed {
            let failure = part.failure!
            out += "<div class=\"snapshot\" data-mode=\"side\" data-file=\"\(escape(part.fileName))\" data-kind=\"\(failure.kind.rawValue)\">\n"
            out += "<h4>\(escape(part.fileName)) <span class=\"form\">\(escape(part.form.description))</span> <span class=\"badge failed\">\(escape(failure.kind.rawValue))</span></h4>\n"
            if let summary = failure.summary { out += "<p class=\"summary\">\(escape(summary))</p>\n" }
            if let report = failure.report {
                out += "<p class=\"numbers\">\(report.width)×\(report.height) px compared · \(report.differentPixels) different pixels · ratio \(String(format: "%.6g", report.ratio))"
                    + " · reference \(report.referenceSize) · actual \(report.actualSize)</p>\n"
            }
            if !failure.detail.isEmpty { out += "<p class=\"detail\">\(escape(failure.detail))</p>\n" }
            if let refusal = failure.refusal { out += "<p class=\"detail\">Not recorded: \(escape(refusal)).</p>\n" }
            out += "<dl class=\"paths\"><dt>reference</dt><dd>\(escape(failure.referencePath))</dd>"
            if let actual = failure.actualPath { out += "<dt>actual</dt><dd>\(escape(actual))</dd>" }
            if let diff = failure.diffPath { out += "<dt>diff</dt><dd>\(escape(diff))</dd>" }
            out += "</dl>\n"
            if withImages {
                let drawsHitMap = part.form == .normal || part.form.partName.hasPrefix("highlighted")
                out += part.form.isImage
                    ? imageViewer(failure, id: "\(number)-\(i)", hitMaps: drawsHitMap ? (referenceMap, actualMap) : nil)
                    : textViewer(failure)
            }
            out += "</div>\n"
        }
        return out + "</article>\n"
    }

    /// Expected, actual and diff side by side (tap areas over the first two), and the same pair
    /// stacked for the slider and onion-skin views.
    static func imageViewer(_ failure: SnapshotFailure, id: String, hitMaps: (reference: String, actual: String)?) -> String {
        let expected = dataURI(failure.referencePath), actual = failure.actualPath.flatMap(dataURI), diff = failure.diffPath.flatMap(dataURI)
        var out = "<div class=\"controls\">"
        for (value, title) in [("side", "side by side"), ("slider", "slider"), ("onion", "onion skin")] {
            out += "<label><input type=\"radio\" name=\"mode-\(id)\" value=\"\(value)\"\(value == "side" ? " checked" : "")> \(title)</label>"
        }
        out += "<label class=\"amount-label\">expected <input type=\"range\" class=\"amount\" min=\"0\" max=\"100\" value=\"50\"> actual</label>"
        if hitMaps != nil { out += "<label><input type=\"checkbox\" class=\"rects-toggle\" checked> tap areas and glyph rects</label>" }
        out += "</div>\n<div class=\"side\">"
        func figure(_ caption: String, _ uri: String?, _ map: String?, missing: String) -> String {
            var f = "<figure class=\"\(caption)\"><figcaption>\(caption)</figcaption>"
            guard let uri else { return f + "<p class=\"missing\">\(escape(missing))</p></figure>" }
            f += "<div class=\"frame\"><img alt=\"\(caption)\" src=\"\(uri)\">"
            if let map { f += "<svg class=\"rects\" data-hitmap=\"\(map)\" aria-hidden=\"true\"></svg>" }
            return f + "</div></figure>"
        }
        out += figure("expected", expected, hitMaps?.reference, missing: failure.kind == .missingReference ? "no reference yet" : "not shown")
        out += figure("actual", actual, hitMaps?.actual, missing: "not written")
        out += figure("diff", diff, nil, missing: "no diff image")
        out += "</div>\n"
        if let expected, let actual {
            out += "<div class=\"stack\"><div class=\"frame\"><img class=\"under\" alt=\"expected\" src=\"\(expected)\">"
                + "<img class=\"over\" alt=\"actual\" src=\"\(actual)\"></div></div>\n"
        }
        return out
    }

    /// A text snapshot's line diff, removed and added lines marked.
    static func textViewer(_ failure: SnapshotFailure) -> String {
        guard let path = failure.diffPath, let data = read(path, limit: maxTextBytes) else {
            return failure.actualPath.flatMap { read($0, limit: maxTextBytes) }
                .map { "<pre class=\"text\">\(escape(String(decoding: $0, as: UTF8.self)))</pre>\n" } ?? ""
        }
        var out = "<pre class=\"diff\">"
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            let kind = line.hasPrefix("+++") || line.hasPrefix("---") ? "head" : line.hasPrefix("+") ? "add" : line.hasPrefix("-") ? "del" : "same"
            out += "<span class=\"\(kind)\">\(escape(String(line)))</span>\n"
        }
        return out + "</pre>\n"
    }

    /// JSON in a script element the page reads; `<` is written `\u003c` (the same JSON) so no text
    /// can close the element.
    static func jsonScript(id: String, _ json: String?) -> String {
        guard let json else { return "" }
        return "<script type=\"application/json\" id=\"\(id)\">" + json.replacingOccurrences(of: "<", with: "\\u003c") + "</script>\n"
    }

    /// A PNG file as a data URI; nil when it is missing, too large or not a PNG.
    static func dataURI(_ path: String) -> String? {
        guard let data = read(path, limit: maxEmbeddedImageBytes), data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        return "data:image/png;base64," + data.base64EncodedString()
    }

    /// A file's bytes, nil when it is missing, unreadable or over `limit` bytes.
    static func read(_ path: String, limit: Int) -> Data? {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= limit else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// Text safe in HTML (`escapeMarkup`).
    static func escape(_ text: String) -> String { MarkupText.escaped(text) }

    static let style = """
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
    header{padding:16px 24px;background:#fff;border-bottom:1px solid #ddd}h1{margin:0 0 4px;font-size:20px}
    main{padding:8px 24px 40px}.figures b.bad{color:#c4161c}
    dl.paths{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0;font-size:12px}
    dl.paths dt{color:#666}dl.paths dd{margin:0;font-family:ui-monospace,monospace;word-break:break-all}
    article.label{background:#fff;border:1px solid #ddd;border-left:4px solid #c4161c;border-radius:6px;margin:16px 0;padding:8px 16px}
    article h3{margin:6px 0}.spec{color:#666;font-size:12px;margin:0;font-family:ui-monospace,monospace}
    .badge{font-size:11px;padding:1px 6px;border-radius:8px;background:#eee;vertical-align:middle}.badge.failed,.badge.error{background:#fde2e2;color:#a00}
    .snapshot{border-top:1px solid #eee;margin-top:10px;padding-top:6px}.snapshot h4{margin:4px 0}.form{color:#666;font-weight:normal}
    .summary{margin:2px 0;font-weight:600}.numbers,.detail{margin:2px 0;color:#444;font-size:13px}
    .controls{display:flex;flex-wrap:wrap;gap:14px;align-items:center;margin:6px 0;font-size:13px}
    .side{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}figure{margin:0}figcaption{font-size:12px;color:#666}
    .frame{position:relative;display:inline-block;line-height:0;border:1px solid #ccc;
      background:conic-gradient(#eee 25%,#fff 0 50%,#eee 0 75%,#fff 0) 0 0/16px 16px}
    .frame img{display:block;image-rendering:pixelated}.hint{color:#888;font-size:12px}svg.rects{position:absolute;left:0;top:0;width:100%;height:100%;pointer-events:none}
    svg.rects .tap{fill:rgba(255,149,0,.18);stroke:#ff9500;stroke-width:1;stroke-dasharray:3 2;vector-effect:non-scaling-stroke}
    svg.rects .glyph{fill:none;stroke:#007aff;stroke-width:1;vector-effect:non-scaling-stroke}
    .no-rects svg.rects{display:none}.stack{display:none}
    .snapshot[data-mode=slider] .stack,.snapshot[data-mode=onion] .stack{display:block}
    .snapshot[data-mode=slider] .side,.snapshot[data-mode=onion] .side{display:none}
    .snapshot[data-mode=side] .amount-label{opacity:.4}
    .stack .over{position:absolute;left:0;top:0}
    .snapshot[data-mode=slider] .over{clip-path:inset(0 0 0 calc(var(--amount,.5)*100%))}
    .snapshot[data-mode=slider] .under{clip-path:inset(0 calc((1 - var(--amount,.5))*100%) 0 0)}
    .snapshot[data-mode=onion] .over{opacity:var(--amount,.5)}
    pre{background:#f6f6f6;padding:8px;overflow:auto;max-height:420px;font-size:12px;line-height:1.35}
    pre .add{color:#116329;background:#dafbe1}pre .del{color:#82071e;background:#ffebe9}pre .head{color:#666}
    .missing{color:#999;font-style:italic;padding:12px;border:1px dashed #ccc}
    details#passed{margin-top:24px;background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px 16px}
    details#passed summary{cursor:pointer;font-weight:600}.count,.tag{color:#666;font-size:12px}.tag{color:#0a6}
    """

    static let script = """
    (function(){
      function zoom(z){document.querySelectorAll('.frame img').forEach(function(i){
        function set(){if(i.naturalWidth)i.style.width=(i.naturalWidth*z)+'px';}if(i.complete)set();else i.addEventListener('load',set);});}
      document.querySelectorAll('#zoom input').forEach(function(r){r.addEventListener('change',function(){zoom(+r.value);});});
      zoom(2);
      var mode=(/mode=(side|slider|onion)/.exec(location.hash)||[])[1];
      document.querySelectorAll('.snapshot').forEach(function(s){
        if(mode&&s.querySelector('input[value='+mode+']')){s.dataset.mode=mode;s.querySelector('input[value='+mode+']').checked=true;}
        s.querySelectorAll('input[type=radio]').forEach(function(r){r.addEventListener('change',function(){s.dataset.mode=r.value;});});
        var a=s.querySelector('.amount');if(a){a.addEventListener('input',function(){s.style.setProperty('--amount',a.value/100);});}
        var t=s.querySelector('.rects-toggle');if(t){t.addEventListener('change',function(){s.classList.toggle('no-rects',!t.checked);});}
      });
      var ns='http://www.w3.org/2000/svg';
      function num(v){return typeof v==='number'&&isFinite(v);}
      function rect(svg,r,cls){if(!Array.isArray(r)||r.length!==4||!r.every(num))return;var e=document.createElementNS(ns,'rect');
        e.setAttribute('x',r[0]);e.setAttribute('y',r[1]);e.setAttribute('width',Math.max(r[2],0));e.setAttribute('height',Math.max(r[3],0));
        e.setAttribute('class',cls);svg.appendChild(e);}
      document.querySelectorAll('svg.rects').forEach(function(svg){
        var el=document.getElementById(svg.dataset.hitmap);if(!el)return;var map;try{map=JSON.parse(el.textContent);}catch(e){return;}
        if(!map||!Array.isArray(map.size)||!map.size.every(num)||map.size[0]<=0||map.size[1]<=0||!Array.isArray(map.regions))return;
        svg.setAttribute('viewBox','0 0 '+map.size[0]+' '+map.size[1]);svg.setAttribute('preserveAspectRatio','none');
        var n=0;map.regions.forEach(function(g){if(!g||n>5000)return;
          (Array.isArray(g.tapAreas)?g.tapAreas:[]).forEach(function(r){if(n++<5000)rect(svg,r,'tap');});
          (Array.isArray(g.rects)?g.rects:[]).forEach(function(r){if(n++<5000)rect(svg,r,'glyph');});});
        svg.setAttribute('data-drawn',String(svg.childNodes.length));
      });
    })();
    """
}
