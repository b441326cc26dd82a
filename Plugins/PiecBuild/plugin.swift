// `swift package piec-build [ARGS...]`: runs `piec build` in the package directory, with piec built
// from this package. No arguments: `piec build specs` (bundles in out/); otherwise ARGS are
// passed to `piec build` as they are, e.g. `swift package --allow-writing-to-package-directory
// piec-build charts --output Sources/App/Resources/charts`.
import Foundation
import PackagePlugin

@main
struct PiecBuild: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let piec = try context.tool(named: "piec")
        let arguments = ["build"] + (arguments.isEmpty ? ["specs"] : arguments)
        let process = Process()
        process.executableURL = piec.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // piec printed its diagnostics; this is what `swift package` reports.
            throw PiecBuildFailure(arguments: arguments, status: process.terminationStatus)
        }
    }
}

struct PiecBuildFailure: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var description: String { "piec \(arguments.joined(separator: " ")) exited with status \(status)" }
}
