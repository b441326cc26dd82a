import PieCore

/// The production compile function handed to `Builder`.
public enum DefaultPipeline {
    public static let compile: CompileFunction = { request in Compiler.compile(request) }
}
