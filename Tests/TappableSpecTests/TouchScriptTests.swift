import TappableInteraction
import TappableSpec
import TappableText
import Testing

@Suite("Touch scripts: exactly the words each verb takes, plain decimals, times that never go backwards")
struct TouchScriptTests {
    @Test("every verb and its synonyms; words after the verb in any order; a last ';' is fine")
    func accepted() throws {
        let inputs = try TouchScript.parse(" down 1,2 @0 ; move -3.5,4 @0.25 #0; began #1 @0.25 10,10;wait @0.5; UP 5,6 @0.5; cancelled @1 #1; advance @2; ")
        #expect(inputs == [
            .began(Point(x: 1, y: 2), time: 0, touch: 0),
            .moved(Point(x: -3.5, y: 4), time: 0.25, touch: 0),
            .began(Point(x: 10, y: 10), time: 0.25, touch: 1),
            .advance(to: 0.5),
            .ended(Point(x: 5, y: 6), time: 0.5, touch: 0),
            .cancelled(time: 1, touch: 1),
            .advance(to: 2),
        ])
    }

    @Test("bad scripts are errors naming the step and the problem", arguments: [
        // Times.
        ("down 1,1 @1; up 1,1 @0", 2, "up 1,1 @0", "time @0 is before the previous step's @1 (times never go backwards)"),
        ("down 1,1 @0.5; wait @0.49", 2, "wait @0.49", "time @0.49 is before the previous step's @0.5 (times never go backwards)"),
        ("down 1,2", 1, "down 1,2", "missing @TIME (seconds, e.g. @0.5)"),
        ("down 1,2 @0 @1", 1, "down 1,2 @0 @1", "a second time \"@1\" (a step has one @TIME)"),
        ("down 1,2 @-1", 1, "down 1,2 @-1", "time must be decimal seconds in 0...1000000000, e.g. @0.25, got \"@-1\""),
        ("down 1,2 @inf", 1, "down 1,2 @inf", "time must be decimal seconds in 0...1000000000, e.g. @0.25, got \"@inf\""),
        ("down 1,2 @2000000000", 1, "down 1,2 @2000000000", "time must be decimal seconds in 0...1000000000, e.g. @0.25, got \"@2000000000\""),
        // Extra and missing words.
        ("down 1,1 2,2 @0", 1, "down 1,1 2,2 @0", "a second point \"2,2\" (a step has one X,Y)"),
        ("wait 1,1 @0", 1, "wait 1,1 @0", "wait takes only @TIME, not \"1,1\""),
        ("wait @0 #1", 1, "wait @0 #1", "wait takes no finger: \"#1\""),
        ("cancel 1,1 @0", 1, "cancel 1,1 @0", "cancel takes only @TIME and #N, not \"1,1\""),
        ("down 1,1 @0 #1 #2", 1, "down 1,1 @0 #1 #2", "a second finger \"#2\" (a step has at most one #N)"),
        ("down 1,1 @0 now", 1, "down 1,1 @0 now", "expected X,Y in points (decimal numbers within ±1000000000, e.g. 120,10.5), got \"now\""),
        ("up @0", 1, "up @0", "missing X,Y (the point in label coordinates, e.g. 120,10)"),
        ("jump 1,2 @0", 1, "jump 1,2 @0", "unknown verb \"jump\" (down, move, up, cancel, wait)"),
        // Numbers: plain decimals only.
        ("down 0x10,1 @0", 1, "down 0x10,1 @0", "expected X,Y in points (decimal numbers within ±1000000000, e.g. 120,10.5), got \"0x10,1\""),
        ("down 1e400,1 @0", 1, "down 1e400,1 @0", "expected X,Y in points (decimal numbers within ±1000000000, e.g. 120,10.5), got \"1e400,1\""),
        ("down nan,1 @0", 1, "down nan,1 @0", "expected X,Y in points (decimal numbers within ±1000000000, e.g. 120,10.5), got \"nan,1\""),
        ("down 1e,1 @0", 1, "down 1e,1 @0", "expected X,Y in points (decimal numbers within ±1000000000, e.g. 120,10.5), got \"1e,1\""),
        ("down .,1 @0", 1, "down .,1 @0", "expected X,Y in points (decimal numbers within ±1000000000, e.g. 120,10.5), got \".,1\""),
        ("down 1,2 @1e10", 1, "down 1,2 @1e10", "time must be decimal seconds in 0...1000000000, e.g. @0.25, got \"@1e10\""),
        ("down +-1,1 @0", 1, "down +-1,1 @0", "expected X,Y in points (decimal numbers within ±1000000000, e.g. 120,10.5), got \"+-1,1\""),
        ("down 1,2,3 @0", 1, "down 1,2,3 @0", "expected X,Y in points (decimal numbers within ±1000000000, e.g. 120,10.5), got \"1,2,3\""),
        ("down １,2 @0", 1, "down １,2 @0", "expected X,Y in points (decimal numbers within ±1000000000, e.g. 120,10.5), got \"１,2\""),
        ("down 1,2 @0 #0x1", 1, "down 1,2 @0 #0x1", "finger must be #N with N a whole number 0...999, got \"#0x1\""),
        ("down 1,2 @0 #1000", 1, "down 1,2 @0 #1000", "finger must be #N with N a whole number 0...999, got \"#1000\""),
        ("down 1,2 @0 #-1", 1, "down 1,2 @0 #-1", "finger must be #N with N a whole number 0...999, got \"#-1\""),
        // Steps.
        ("down 1,1 @0;; up 1,1 @1", 2, "", "empty step (two ';' in a row?)"),
        ("", 0, "", "no steps"),
        (" ; ", 1, "", "empty step (two ';' in a row?)"),
    ])
    func refused(script: String, step: Int, text: String, message: String) {
        #expect(throws: TouchScriptError(step: step, text: text, message: message)) { try TouchScript.parse(script) }
    }

    @Test("numbers are read as the command line's options read them: a sign, a fraction, an exponent")
    func numbers() throws {
        #expect(try TouchScript.parse("down +1,.5 @1e-1; up 2.,-2.5E1 @+0.2") == [
            .began(Point(x: 1, y: 0.5), time: 0.1, touch: 0),
            .ended(Point(x: 2, y: -25), time: 0.2, touch: 0),
        ])
    }

    @Test("at most 10,000 steps")
    func stepLimit() throws {
        let steps = Array(repeating: "wait @1", count: TouchScript.maximumSteps)
        #expect(try TouchScript.parse(steps.joined(separator: ";")).count == 10_000)
        #expect(throws: TouchScriptError(step: 0, text: "", message: "more than 10000 steps")) {
            try TouchScript.parse((steps + ["wait @2"]).joined(separator: ";"))
        }
    }

    @Test("messages quote the step, with control and bidi characters escaped")
    func messages() {
        #expect(TouchScriptError(step: 2, text: "up 1,1 @0", message: "m").description == "touch script step 2 \"up 1,1 @0\": m")
        #expect(TouchScriptError(step: 0, text: "", message: "no steps").description == "touch script: no steps")
        #expect(throws: TouchScriptError(step: 1, text: "jump\u{202E} @0", message: "unknown verb \"jump\\u{202e}\" (down, move, up, cancel, wait)")) {
            try TouchScript.parse("jump\u{202E} @0")
        }
        do { _ = try TouchScript.parse("down\u{1B}[31m 1,1 @0") } catch {
            #expect(!error.description.contains("\u{1B}"))
        }
    }
}
