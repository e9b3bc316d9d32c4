import Foundation
import TappableCLI
import TappableSnapshot

// Interrupted (SIGINT, SIGTERM): remove the temporary files being written, exit 128 + signal.
AtomicFile.removeTemporaryFilesOnInterrupt()

let result = TappableCommand.run(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(Data(result.stdout.utf8))
FileHandle.standardError.write(Data(result.stderr.utf8))
exit(result.exitCode)
