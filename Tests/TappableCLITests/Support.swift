import Foundation
@testable import TappableCLI

/// Runs the command line in-process.
func run(_ arguments: String...) -> TappableCommand.Result { TappableCommand.run(arguments) }
