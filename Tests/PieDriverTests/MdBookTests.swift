import PieDriver
import PieJSON
import Testing

/// `piec mdbook`'s parts without mdBook: the JSON it reads (strict, order kept, read back
/// as written) and the book it gives back (Tests/docs/test_mdbook.py runs the real mdBook).
@Suite struct MdBookTests {
    @Test func jsonIsReadStrictlyAndWrittenBackInOrder() throws {
        let text = #"{"b":[1,-2,3.5,true,false,null],"a":"\u00e9\ud83d\ude00 \"q\" \\ \/ \t\n","z":{}}"#
        let value = try JSONParser.parse(Array(text.utf8)).get()
        #expect(value.serialized() == #"{"b":[1,-2,3.5,true,false,null],"a":"é😀 \"q\" \\ / \t\n","z":{}}"#)
        for bad in ["[1,]", "{\"a\" 1}", "01", "\"\\ud800\"", "\"a\u{1}\"", "[1] x", "", "tru", "\"\\x\"", "1e"] {
            guard case .failure = JSONParser.parse(Array(bad.utf8)) else { Issue.record("accepted `\(bad)`"); continue }
        }
        let deep = String(repeating: "[", count: JSONParser.maxDepth + 1) + String(repeating: "]", count: JSONParser.maxDepth + 1)
        guard case .failure(let f) = JSONParser.parse(Array(deep.utf8)) else { Issue.record("no depth limit"); return }
        #expect(f.message.contains("nested deeper"))
    }

    static func book(_ content: String, options: String = "") -> [UInt8] {
        let escaped = JSONValue.string(content).serialized()
        return Array(("""
            [{"root":"/nonexistent","config":{"book":{"src":"src"},"preprocessor":{"piec":{"command":"piec mdbook"\(options)}}},"renderer":"html"},
             {"items":[{"Chapter":{"name":"A","content":\(escaped),"number":[1],"sub_items":[],"path":"a.md","source_path":"a.md","parent_names":[]}},"Separator"]}]
            """).utf8)
    }

    @Test func blocksBecomeChartsAndTheRestComesBackAsItWas() throws {
        let run = MdBook.run(Self.book("# A\n```piec\npiec: 1\nslices:\n  - {label: A, value: 1}\n```\nAfter.\n"))
        #expect(run.status == .success && run.charts == 1, "\(run.groups)")
        let back = try JSONParser.parse(run.output).get()
        guard case .string(let content)? = back["items"].flatMap({ if case .array(let a) = $0 { a.first } else { nil } })?["Chapter"]?["content"] else {
            Issue.record("no chapter content in \(String(decoding: run.output, as: UTF8.self).prefix(300))")
            return
        }
        #expect(content.hasPrefix("# A\n<div class=\"piec\">\n<svg ") && content.hasSuffix("</svg>\n</div>\n\nAfter.\n"))
        #expect(!content.contains("\n\n<") && content.contains(":is(.coal,.navy,.ayu) &{"))
        #expect(String(decoding: run.output, as: UTF8.self).hasSuffix(#","Separator"]}"#))
    }

    /// A block in a block quote becomes a chart in the quote: every line of it behind `> `.
    @Test func aBlockInAQuoteStaysInTheQuote() throws {
        let run = MdBook.run(Self.book("> ```piec\n> piec: 1\n> slices:\n>   - {label: A, value: 1}\n> ```\n> After.\n"))
        #expect(run.status == .success && run.charts == 1, "\(run.groups)")
        let out = String(decoding: run.output, as: UTF8.self)
        #expect(out.contains(#""content":"> <div class=\"piec\">\n> <svg "#) && out.contains(#"\n> </div>\n>\n> After.\n""#), "\(out.prefix(400))")
    }

    @Test func errorsAreLocatedInTheChapterAndOptionsAreChecked() {
        let run = MdBook.run(Self.book("# A\n\n```piec\npiec: 1\nslices:\n  - {label: A, value: -1}\n```\n"))
        #expect(run.status != .success && run.output.isEmpty)
        #expect(run.groups.first?.path == "src/a.md" && run.groups.first?.diagnostics.first?.range?.start.line == 6, "\(run.groups)")
        let unclosed = MdBook.run(Self.book("```piec\npiec: 1\n"))
        #expect(unclosed.groups.first?.diagnostics.first?.code.rawValue == "E0546", "\(unclosed.groups)")
        #expect(MdBook.run(Self.book("x", options: #","colour":"red""#)).usage?.message.contains("unknown key `colour`") == true)
        #expect(MdBook.run(Self.book("x", options: #","dark-selector":"}x{""#)).usage != nil)
        let system = MdBook.run(Self.book("```piec\npiec: 1\nslices:\n  - {label: A, value: 1}\n```\n", options: #","dark-selector":"system""#))
        #expect(!String(decoding: system.output, as: UTF8.self).contains(":is(.coal"))
        #expect(MdBook.run(Array("[1]".utf8)).usage != nil)
        #expect(MdBook.supports("html") && !MdBook.supports("latex"))
    }
}
