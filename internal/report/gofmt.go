package report

import (
	"bytes"
	"go/format"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// A fix's text is built piece by piece, and gofmt's spacing depends on
// where an expression ends up (k + "|x" alone, k+"|x" inside a call
// inside a call). idemlint -fix formats what it changes, but an editor
// applies the edits as they are, so the reporter rewrites each fix to
// leave a gofmt-formatted file formatted.

// formatFix returns fix with its edits rewritten so that applying them
// gives the formatted text of what the original edits give. Files that
// are not formatted to begin with, or that cannot be read, keep their
// edits: formatting them would change lines the fix is not about.
func (r *Reporter) formatFix(fix analysis.SuggestedFix) analysis.SuggestedFix {
	byFile := make(map[*token.File][]analysis.TextEdit)
	var files []*token.File
	for _, e := range fix.TextEdits {
		tf := r.pass.Fset.File(e.Pos)
		if tf == nil {
			return fix
		}
		if byFile[tf] == nil {
			files = append(files, tf)
		}
		byFile[tf] = append(byFile[tf], e)
	}
	var edits []analysis.TextEdit
	for _, tf := range files {
		edits = append(edits, r.formatEdits(tf, byFile[tf])...)
	}
	fix.TextEdits = edits
	return fix
}

// formatEdits returns edits of one file rewritten as formatFix says.
// Each edit is formatted on its own, so the edits stay as small and as
// separate as they were (two fixes that add the same import still make
// the same edit); when that does not give the formatted whole, the file's
// edits become one.
func (r *Reporter) formatEdits(tf *token.File, edits []analysis.TextEdit) []analysis.TextEdit {
	src := r.formattedSource(tf)
	if src == nil {
		return edits
	}
	spans := make([]span, 0, len(edits))
	for _, e := range edits {
		spans = append(spans, spanOf(tf, e))
	}
	slices.SortStableFunc(spans, func(a, b span) int { return a.start - b.start })
	want, err := format.Source(apply(src, spans))
	if err != nil {
		return edits // the fix does not parse; its tests say so
	}
	var each []span
	for _, s := range spans {
		out, err := format.Source(apply(src, []span{s}))
		if err != nil {
			each = nil
			break
		}
		each = append(each, difference(src, out))
	}
	if each == nil || !bytes.Equal(apply(src, each), want) {
		each = []span{difference(src, want)}
	}
	out := make([]analysis.TextEdit, 0, len(each))
	for _, s := range each {
		out = append(out, analysis.TextEdit{Pos: tf.Pos(s.start), End: tf.Pos(s.end), NewText: s.text})
	}
	return out
}

// formattedSource returns the content of tf when gofmt leaves it as it
// is, and nil otherwise.
func (r *Reporter) formattedSource(tf *token.File) []byte {
	if src, ok := r.sources[tf]; ok {
		return src
	}
	var src []byte
	if r.pass.ReadFile != nil {
		if b, err := r.pass.ReadFile(tf.Name()); err == nil && len(b) == tf.Size() {
			if out, err := format.Source(b); err == nil && bytes.Equal(out, b) {
				src = b
			}
		}
	}
	if r.sources == nil {
		r.sources = make(map[*token.File][]byte)
	}
	r.sources[tf] = src
	return src
}

// A span replaces src[start:end] with text.
type span struct {
	start, end int
	text       []byte
}

func spanOf(tf *token.File, e analysis.TextEdit) span {
	end := e.End
	if !end.IsValid() {
		end = e.Pos
	}
	return span{tf.Offset(e.Pos), tf.Offset(end), e.NewText}
}

// apply returns src with the spans, sorted and not overlapping, applied;
// nil when they overlap.
func apply(src []byte, spans []span) []byte {
	var buf bytes.Buffer
	last := 0
	for _, s := range spans {
		if s.start < last {
			return nil
		}
		buf.Write(src[last:s.start])
		buf.Write(s.text)
		last = s.end
	}
	buf.Write(src[last:])
	return buf.Bytes()
}

// difference returns the one span that turns src into out: what lies
// between their common prefix and common suffix.
func difference(src, out []byte) span {
	p := 0
	for p < len(src) && p < len(out) && src[p] == out[p] {
		p++
	}
	s := 0
	for s < len(src)-p && s < len(out)-p && src[len(src)-1-s] == out[len(out)-1-s] {
		s++
	}
	return span{p, len(src) - s, bytes.Clone(out[p : len(out)-s])}
}
