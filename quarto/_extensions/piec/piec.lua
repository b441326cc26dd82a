-- piec for Quarto (and plain pandoc): every ```{.piec} code block becomes its chart.
--
-- A Lua filter that runs piec's JSON filter, `piec-pandoc` (installed beside piec by
-- `pip install piec`; or name another command with $PIEC_PANDOC), over the whole document:
-- the animated SVG in HTML, a PDF in LaTeX, a PNG in docx and the rest. See
-- docs/integrations/pandoc.md.
--
-- Pandoc gives a JSON filter no file name, so this filter names the document for it (metadata
-- `piec-document`, unless it or $PIEC_DOCUMENT is set): Quarto's own input file, else pandoc's
-- first input file. Blocks without an `id:` are then named after it and `since="REV"` reads it.
-- Under Quarto (unless metadata `piec-dark-selector` says otherwise) an HTML chart's dark
-- look follows Quarto's light/dark toggle, which sets `body.quarto-dark`, and reveal.js
-- slides without a `theme` get light charts, as Quarto's default slide theme is light.

local function input_file()
  if quarto and quarto.doc and quarto.doc.input_file and quarto.doc.input_file ~= "" then
    return quarto.doc.input_file
  end
  local inputs = PANDOC_STATE and PANDOC_STATE.input_files or {}
  if inputs[1] and inputs[1] ~= "-" then
    return inputs[1]
  end
  return nil
end

function Pandoc(doc)
  if doc.meta["piec-document"] == nil and (os.getenv("PIEC_DOCUMENT") or "") == "" then
    local input = input_file()
    if input then
      doc.meta["piec-document"] = input
    end
  end
  if quarto and doc.meta["piec-dark-selector"] == nil then
    if FORMAT:match("html") then
      doc.meta["piec-dark-selector"] = "body.quarto-dark"
    elseif FORMAT == "revealjs" and doc.meta["theme"] == nil then
      doc.meta["piec-dark-selector"] = "light"   -- Quarto's default slide theme is light
    end
  end
  local command = os.getenv("PIEC_PANDOC")
  if command == nil or command == "" then
    command = "piec-pandoc"
  end
  return pandoc.utils.run_json_filter(doc, command, {FORMAT})
end
