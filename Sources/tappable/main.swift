import Foundation
import TappableCLI

let result = TappableCommand.run(Array(CommandLine.arguments.dropFirst()), progress: .standardError())
FileHandle.standardOutput.write(Data(result.stdout.utf8))
FileHandle.standardError.write(Data(result.stderr.utf8))
exit(result.exitCode)
