import PieDiagnostics

/// The files specs read besides themselves (data files, `.piec.yaml`): a change to one
/// rebuilds every spec that read it (or looked for it: a `.piec.yaml` created next to a spec
/// restyles it), each animating from its last good build.
extension WatchEngine {
    /// Every file some spec depends on, for the change source to watch.
    var dependencyPaths: Set<String> { Set(dependents.keys) }

    /// Records the files `spec` depends on now (replacing what it depended on before).
    mutating func setDependencies(_ spec: String, _ files: [String]) {
        for (file, specs) in dependents where specs.contains(spec) {
            dependents[file]?.remove(spec)
            if dependents[file]?.isEmpty == true { dependents[file] = nil }
        }
        for file in files { dependents[file, default: []].insert(spec) }
    }

    /// The specs to look at again for `batch`: the dependents of every file it names. (A
    /// rescan looks at every spec anyway.) Whether one builds is decided by comparing the bytes
    /// of the spec and of everything it reads with the last build's (`inputBytes`), so an
    /// unrelated event in a folder holding a `.piec.yaml` builds nothing.
    func dependentSpecs(of batch: Debouncer.Batch) -> [String] {
        var specs = Set<String>()
        for path in batch.paths { specs.formUnion(dependents[path] ?? []) }
        return specs.sorted()
    }

    /// The spec's bytes followed by those of the files it reads now (its data file and
    /// `.piec.yaml`), as `TrackedSpec.seen` records them.
    func inputBytes(_ path: String, _ source: SourceFile) -> [UInt8] {
        SpecInputsReader.gather(specPath: path, source: source, limits: options.limits).inputs.hashedBytes(spec: source.bytes)
    }

    /// A path that is only a dependency (not a spec the watch tracks or was given).
    func isOnlyDependency(_ path: String) -> Bool {
        dependents[path] != nil && tracked[path] == nil && !scope.files.contains(path)
    }
}
