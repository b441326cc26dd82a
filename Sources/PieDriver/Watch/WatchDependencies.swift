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

    /// The specs to rebuild for `batch`: the dependents of every changed file it names, or
    /// after a rescan (events may be lost) every spec that has dependencies. Their `seen`
    /// bytes are cleared so that unchanged spec bytes still build.
    mutating func dependentSpecs(of batch: Debouncer.Batch) -> [String] {
        var specs = Set<String>()
        if batch.rescanReason != nil {
            for (_, dependent) in dependents { specs.formUnion(dependent) }
        } else {
            for path in batch.paths { specs.formUnion(dependents[path] ?? []) }
        }
        for spec in specs { tracked[spec]?.seen = nil }
        return specs.sorted()
    }

    /// A path that is only a dependency (not a spec the watch tracks or was given).
    func isOnlyDependency(_ path: String) -> Bool {
        dependents[path] != nil && tracked[path] == nil && !scope.files.contains(path)
    }
}
