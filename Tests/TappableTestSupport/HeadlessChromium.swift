import Foundation
import Testing
import TappableText

/// Debian's `chromium`, headless, driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: commands in on fd 3, answers and events out on fd 4, each message
/// JSON ended by a NUL byte). One page target, attached in flat mode; commands wait for their
/// answer, events that arrive meanwhile are kept until asked for. Test tooling only: the HTML and
/// SVG specs click the pages Tappable writes, the `tappable check` report spec opens its report.
///
/// What a click does is read from the page's Navigation API: `open` adds (through DevTools, the
/// page has no script) a `navigate` listener that records each navigation's destination and
/// cancels it, so the page stays and nothing goes to the network. A link's click runs the
/// `navigate` event before the mouse release is answered, so after `click` the record is
/// complete: an empty record means the click started no navigation.
public final class HeadlessChromium {
    /// The browser: `$CHROMIUM` when it names an executable, else the first of `chromium`,
    /// `chromium-browser` on the PATH; nil when none is installed.
    public static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) { return path }
        return ExternalTool.firstExecutable(named: ["chromium", "chromium-browser"], environment: environment)
    }()

    /// Why the browser specs are skipped: the Debian package and how to install it.
    public static let skipMessage = ExternalTool(name: "chromium", path: nil).notInstalled(orSet: "CHROMIUM")

    /// The longest the browser may stay silent while a command or event is awaited before it is
    /// killed as hung, in seconds. It restarts with every byte the browser sends and does not run
    /// between commands, so a long session on busy cores is never cut short: only a browser that
    /// has stopped answering meets it (the spec then fails instead of hanging).
    public static let silenceLimit = 300.0

    /// A browser that failed or stopped answering, with the end of its standard error.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, then the end of the browser's standard error.
        public var description: String
    }

    private let process = Process()
    private let toBrowser: FileHandle
    private let fromBrowser: FileHandle
    private let profile: URL
    private let log: URL
    private var buffer = Data()
    private var events: [[String: Any]] = []
    private var lastID = 0
    private var session = ""
    private var closed = false

    /// Starts the browser with a fresh profile and opens a blank page.
    /// - Throws: `Failure` when no browser is installed or it does not start.
    public init() throws {
        guard let executable = Self.executable else { throw Failure(description: "\(Self.skipMessage)") }
        // A browser that quits makes writes to its pipe fail (EPIPE, a test failure), not kill the tests.
        signal(SIGPIPE, SIG_IGN)
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("tappable-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        log = profile.appendingPathComponent("stderr.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let commands = Pipe(), answers = Pipe()
        toBrowser = commands.fileHandleForWriting
        fromBrowser = answers.fileHandleForReading
        // The shell hands its standard input and output to the browser as fds 3 and 4.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" 3<&0 4>&1 </dev/null >/dev/null", executable,
                             "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--remote-debugging-pipe",
                             "--user-data-dir=\(profile.path)", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                             "--disable-background-networking", "--disable-component-update", "--disable-sync", "--mute-audio",
                             "--hide-scrollbars", "about:blank"]
        process.standardInput = commands
        process.standardOutput = answers
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        do {
            let target = try send("Target.createTarget", ["url": "about:blank"], inSession: false)["targetId"] as? String ?? ""
            session = try send("Target.attachToTarget", ["targetId": target, "flatten": true], inSession: false)["sessionId"] as? String ?? ""
            _ = try send("Page.enable")
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Closes the browser and removes its profile.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = try? send("Browser.close", inSession: false)
        try? toBrowser.close()
        whileAwaitingBrowser { process.waitUntilExit() }
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command (to the page unless `inSession` is false) and returns its result.
    /// - Throws: `Failure` with the browser's error message, or when the browser is gone.
    @discardableResult
    public func send(_ method: String, _ params: [String: Any] = [:], inSession: Bool = true) throws -> [String: Any] {
        lastID += 1
        let id = lastID
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if inSession { message["sessionId"] = session }
        var bytes = try JSONSerialization.data(withJSONObject: message)
        bytes.append(0)
        do { try whileAwaitingBrowser { try toBrowser.write(contentsOf: bytes) } } catch { throw failure("cannot send \(method): \(error)") }
        while true {
            let answer = try nextMessage()
            guard answer["id"] as? Int == id else { events.append(answer); continue }
            if let error = answer["error"] as? [String: Any] { throw failure("\(method): \(error["message"] ?? error)") }
            return answer["result"] as? [String: Any] ?? [:]
        }
    }

    /// Waits for the next event `method` of the page (events kept from before count first).
    @discardableResult
    public func waitForEvent(_ method: String) throws -> [String: Any] {
        if let i = events.firstIndex(where: { $0["method"] as? String == method }) {
            return events.remove(at: i)["params"] as? [String: Any] ?? [:]
        }
        while true {
            let message = try nextMessage()
            if message["method"] as? String == method { return message["params"] as? [String: Any] ?? [:] }
            events.append(message)
        }
    }

    /// The value of a JavaScript expression in the page (JSON values only).
    /// - Throws: `Failure` when the expression throws.
    public func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        if let exception = result["exceptionDetails"] { throw failure("\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Loads `url` (with `fragment` appended, e.g. `#mode=slider`) in a `width` x `height`
    /// CSS-pixel viewport at `deviceScaleFactor` device pixels per CSS pixel, and waits for its
    /// load event (the page's own scripts have run); with `recordingNavigations`, adds the listener
    /// that records and cancels every navigation (see the type's comment), else navigations go ahead.
    public func open(_ url: URL, fragment: String = "", width: Int = 800, height: Int = 600, deviceScaleFactor: Double = 1,
                     recordingNavigations: Bool = true) throws {
        try send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": deviceScaleFactor, "mobile": false])
        events.removeAll()
        try send("Page.navigate", ["url": url.absoluteString + fragment])
        try waitForEvent("Page.loadEventFired")
        guard recordingNavigations else { return }
        _ = try evaluate("""
            window.tappableNavigations = [];
            navigation.addEventListener('navigate', e => { tappableNavigations.push(e.destination.url); e.preventDefault(); });
            """)
    }

    /// The open page's DOM as it is now (after its scripts ran), as HTML.
    public func dom() throws -> String {
        guard let html = try evaluate("document.documentElement.outerHTML") as? String else { throw failure("the page has no document") }
        return html
    }

    /// A left click at `point` (CSS pixels from the viewport's top left): press and release there
    /// (each carries the position; a separate move would wait for a frame and add nothing).
    public func click(_ point: Point) throws {
        for type in ["mousePressed", "mouseReleased"] {
            try send("Input.dispatchMouseEvent", ["type": type, "x": point.x, "y": point.y, "button": "left", "clickCount": 1])
        }
    }

    /// The destinations of the navigations started since the last call (on a page opened
    /// `recordingNavigations`), in order.
    public func recordedNavigations() throws -> [String] {
        try evaluate("tappableNavigations.splice(0)") as? [String] ?? []
    }

    /// A PNG of the viewport's `width` x `height` CSS pixels at its top left, in device pixels.
    public func screenshot(width: Double, height: Double) throws -> Data {
        let result = try send("Page.captureScreenshot", ["format": "png", "clip": ["x": 0, "y": 0, "width": width, "height": height, "scale": 1]])
        guard let base64 = result["data"] as? String, let png = Data(base64Encoded: base64) else { throw failure("no screenshot data") }
        return png
    }

    /// The page's accessibility tree: (role, name) of each node that is not ignored, in tree order.
    public func accessibilityNodes() throws -> [(role: String, name: String)] {
        let nodes = try send("Accessibility.getFullAXTree")["nodes"] as? [[String: Any]] ?? []
        return nodes.compactMap { node in
            guard node["ignored"] as? Bool != true else { return nil }
            func value(_ key: String) -> String? { (node[key] as? [String: Any])?["value"] as? String }
            return value("role").map { ($0, value("name") ?? "") }
        }
    }

    private func nextMessage() throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = buffer[buffer.startIndex..<end]
                buffer = Data(buffer[(end + 1)...])
                guard let object = try JSONSerialization.jsonObject(with: message) as? [String: Any] else { throw failure("a message that is no object") }
                return object
            }
            let chunk = whileAwaitingBrowser { fromBrowser.availableData }
            guard !chunk.isEmpty else { throw failure("Chromium closed the pipe") }
            buffer.append(chunk)
        }
    }

    /// Runs `wait` (a read, a write or the wait for the exit), killing the browser if it stays
    /// silent for `silenceLimit` seconds meanwhile; each call starts the count afresh.
    private func whileAwaitingBrowser<T>(_ wait: () throws -> T) rethrows -> T {
        let pid = process.processIdentifier
        let hang = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.silenceLimit, execute: hang)
        defer { hang.cancel() }
        return try wait()
    }

    /// A failure naming what went wrong and the end of the browser's log.
    private func failure(_ message: String) -> Failure {
        let logTail = (try? String(contentsOf: log, encoding: .utf8)).map { String($0.suffix(2000)) } ?? ""
        return Failure(description: "\(message)\nchromium's stderr (end):\n\(logTail)")
    }
}
