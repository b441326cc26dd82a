import Testing

/// The Markdown fuzz target's invariants hold for the documents piec md is made for (so a
/// report from `FuzzMarkdown` is a finding, not a false alarm).
@Suite struct MarkdownInvariantsTests {
    static let block = "```piec\npiec: 1\nslices: [{label: A, value: 1}]\n```"

    @Test(arguments: [
        "# Doc\n\n\(block)\n\nText.\n",
        "# Doc\r\n\r\n" + block.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n",
        block,
        "1. Step\n\n   > \(block.replacingOccurrences(of: "\n", with: "\n   > "))\n2. Next\n",
        "\(block)\n<!-- piec:begin old -->\n<img src=\"x\">\n<!-- piec:end -->\n\n\(block)\n",
        "````\n\(block)\n````\n",
        "- \(block.replacingOccurrences(of: "\n", with: "\n  "))\n- \(block.replacingOccurrences(of: "\n", with: "\n  "))\n",
    ])
    func documentsKeepTheInvariants(_ text: String) {
        #expect(MarkdownInvariants.problems(Array(text.utf8)) == [])
    }

    @Test func damagedDocumentsAreOnlyScanned() {
        #expect(MarkdownInvariants.problems(Array("```piec\npiec: 1\n".utf8)) == [])
        #expect(MarkdownInvariants.problems(Array("\(Self.block)\n<!-- piec:begin a -->\nx\n".utf8)) == [])
    }
}
