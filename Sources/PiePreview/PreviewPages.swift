import PieCore
import PieDriver

/// The preview's own pages (not bundle files): the index of all charts and one page per chart.
/// Both listen to `/events` and update themselves after every build. Every piece of user text
/// (paths, diagnostics, summaries) is escaped by the bundles' escaper (`XMLEscape`: references
/// for `& < > " '`, control characters dropped); ids are `[a-z0-9-]` by construction.
enum PreviewPages {
    static func index(_ snapshot: (charts: [PreviewStore.Chart], broken: [PreviewStore.BrokenSpec])) -> String {
        var body = "<h1>piec preview</h1>\n"
        if snapshot.charts.isEmpty && snapshot.broken.isEmpty {
            body += "<p class=\"empty\">No charts yet: save a spec.</p>\n"
        }
        for spec in snapshot.broken {
            body += "<section class=\"card broken\"><h2>\(XMLEscape.escape(spec.specPath))</h2>"
            body += "<p>this spec has errors and no bundle yet</p><pre>\(XMLEscape.escape(spec.problem))</pre></section>\n"
        }
        body += "<div class=\"grid\">\n"
        for chart in snapshot.charts {
            let href = "/chart/\(chart.id)/"
            body += "<section class=\"card\(chart.problem == nil ? "" : " broken")\" id=\"chart-\(chart.id)\">"
            body += "<h2><a href=\"\(href)\">\(chart.id)</a></h2>"
            body += "<p class=\"meta\">\(XMLEscape.escape(chart.specPath)) · \(XMLEscape.escape(chart.summary))</p>"
            if chart.files["chart.svg"] != nil {
                body += "<a href=\"\(href)\"><img alt=\"chart \(chart.id)\" src=\"\(href)chart.svg?v=\(chart.version)\"></a>"
            }
            if let problem = chart.problem {
                body += "<p>errors; showing the last good build</p><pre>\(XMLEscape.escape(problem))</pre>"
            }
            body += "</section>\n"
        }
        body += "</div>\n<script>\(indexScript)</script>\n"
        return page(title: "piec preview", body: body)
    }

    static func chart(_ chart: PreviewStore.Chart) -> String {
        let main = chart.files["index.html"] != nil ? "index.html" : "chart.svg"
        var body = "<header><a href=\"/\">all charts</a> · <strong>\(chart.id)</strong> · "
        body += "<span id=\"meta\">\(XMLEscape.escape(chart.specPath)) · \(XMLEscape.escape(chart.summary))</span></header>\n"
        body += "<iframe id=\"frame\" title=\"chart \(chart.id)\" src=\"/chart/\(chart.id)/\(main)?v=\(chart.version)\"></iframe>\n"
        body += "<div id=\"overlay\"\(chart.problem == nil ? " hidden" : "")><h2>The spec has errors</h2>"
        body += "<p>Showing the last good build. Fix the spec and save.</p>"
        body += "<pre id=\"diagnostics\">\(XMLEscape.escape(chart.problem ?? ""))</pre></div>\n"
        body += "<script>\(chartScript(id: chart.id, main: main))</script>\n"
        return page(title: "\(chart.id) · piec preview", body: body)
    }

    static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(XMLEscape.escape(title))</title>
        <style>\(css)</style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    static let css = """
        body{margin:0;padding:16px;font-family:system-ui,sans-serif;color:#222;background:#f6f6f6}\
        .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));gap:16px}\
        .card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:12px}\
        .card img{max-width:100%;height:auto}.broken{border-color:#c00}.meta{color:#666;font-size:13px}\
        pre{white-space:pre-wrap;background:#fff4f4;color:#600;padding:8px;border-radius:4px;font-size:12px}\
        header{margin-bottom:8px}iframe{width:100%;height:calc(100vh - 64px);border:0;background:#fff}\
        #overlay{position:fixed;left:16px;right:16px;bottom:16px;max-height:60vh;overflow:auto;background:#fff;\
        border:2px solid #c00;border-radius:6px;padding:12px;box-shadow:0 4px 16px rgba(0,0,0,.2)}\
        #overlay[hidden]{display:none}
        """

    /// The index reloads after anything changed (every card shows the new state).
    static let indexScript = """
        new EventSource('/events').onmessage = function () { location.reload(); };
        """

    /// A chart page reloads its frame after each build of its chart (the new transition plays),
    /// shows the overlay while the spec is broken and after it was deleted.
    static func chartScript(id: String, main: String) -> String {
        """
        (function () {
          var id = '\(id)', frame = document.getElementById('frame');
          var overlay = document.getElementById('overlay'), text = document.getElementById('diagnostics');
          var meta = document.getElementById('meta');
          new EventSource('/events').onmessage = function (e) {
            var m = JSON.parse(e.data);
            if (m.id !== id) return;
            if (m.type === 'build') {
              frame.src = '/chart/' + id + '/\(main)?v=' + m.version;
              meta.textContent = m.path + ' \\u00b7 ' + m.summary;
              overlay.hidden = true;
            } else if (m.type === 'error') {
              text.textContent = m.diagnostics;
              overlay.hidden = false;
            } else if (m.type === 'removed') {
              text.textContent = m.path + ' was deleted; its bundle was removed';
              overlay.hidden = false;
            }
          };
        })();
        """
    }
}
