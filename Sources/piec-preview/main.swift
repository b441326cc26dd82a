// `piec-preview`: `piec` with the live preview server linked in. `piec watch --serve` hands over
// to it (exec, same arguments), so `piec` itself stays free of Hummingbird, NIO and Foundation
// (start-up time: see BENCHMARKS.md). Any piec command line works here too.
import PieDriver
import PiecCLI
import PiePreview

/// Starts the Hummingbird preview server in this process.
enum ServedPreview: PreviewLauncher {
    static func start(port: Int, line: @escaping @Sendable (String) -> Void) throws(ExitStatus) -> PreviewHandle {
        guard #available(macOS 14, *) else {
            line("error: --serve needs macOS 14 or later")
            throw ExitStatus(PiecExitCode.usage.rawValue)
        }
        let server = PreviewServer()
        do {
            let bound = try server.start(port: port)
            line("preview at http://127.0.0.1:\(bound)/")
        } catch let error as PreviewServer.StartError {
            line("piec: error: \(error)\nhelp: \(error.help)")
            throw ExitStatus(PiecExitCode.ioFailure.rawValue)
        } catch {
            line("piec: error: \(error)")
            throw ExitStatus(PiecExitCode.ioFailure.rawValue)
        }
        return PreviewHandle(apply: { server.store.apply($0) }, stop: { server.stop() })
    }
}

PiecCommand<ServedPreview, ExecRaster>.main()
