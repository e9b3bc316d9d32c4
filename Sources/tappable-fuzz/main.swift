import Foundation

// tappable-fuzz TARGET [CORPUS_DIR…] [libFuzzer options]
//
// Built by `make fuzz` with -sanitize=fuzzer (and -D FUZZING): libFuzzer drives TARGET with
// coverage guidance, growing the corpus and writing crashing inputs as crash-*/timeout-* files.
// Built plainly (`swift build`), the same targets run under a small random mutator instead, so
// the harness stays compiled and usable everywhere: `tappable-fuzz TARGET --runs N CORPUS_DIR`.

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget.all.first(where: { $0.name == arguments[1] }) else {
    let names = FuzzTarget.all.map { "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n")
    FileHandle.standardError.write(Data("usage: tappable-fuzz TARGET [CORPUS_DIR…] [options]\ntargets:\n\(names)\n".utf8))
    exit(2)
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

nonisolated(unsafe) var selected = target
// libFuzzer sees the program name and the options after TARGET.
var driverArguments = [arguments[0]] + arguments.dropFirst(2)
var argc = Int32(driverArguments.count)
var cArguments: [UnsafeMutablePointer<CChar>?] = driverArguments.map { strdup($0) } + [nil]
let status = cArguments.withUnsafeMutableBufferPointer { buffer -> Int32 in
    var argv = buffer.baseAddress
    return LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
        selected.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
        return 0
    }
}
exit(status)
#else
exit(RandomMutator.run(target, arguments: Array(arguments.dropFirst(2))))
#endif
