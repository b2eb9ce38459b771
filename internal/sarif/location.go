package sarif

import (
	"go/token"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A locator turns token positions into SARIF locations: file names into
// URIs, byte columns into UTF-16 columns. It reads each file once.
type locator struct {
	fset     *token.FileSet
	root     string // absolute and clean
	realRoot string // root with symbolic links resolved
	readFile func(string) ([]byte, error)
	files    map[string]*source
}

// A source is a file's content and the offset at which each line starts;
// nil when the file could not be read.
type source struct {
	content []byte
	lines   []int
}

func newLocator(fset *token.FileSet, opts Options) *locator {
	root := filepath.Clean(opts.Root)
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		real = root
	}
	readFile := opts.ReadFile
	if readFile == nil {
		readFile = os.ReadFile
	}
	return &locator{
		fset:     fset,
		root:     root,
		realRoot: real,
		readFile: readFile,
		files:    map[string]*source{},
	}
}

// rootURI is the file URI of the root directory; a base URI ends with a
// slash, so that relative URIs resolve inside it.
func (l *locator) rootURI() string {
	u := fileURI(l.root)
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}

// span is the location of a diagnostic or of its related information:
// where //line directives say it is, as every Go tool reports it. A range
// that is empty or has no end is reported from its start to the end of
// its line.
func (l *locator) span(pos, end token.Pos) *PhysicalLocation {
	if !pos.IsValid() {
		return nil
	}
	start := l.fset.Position(pos)
	var stop token.Position
	if end > pos {
		stop = l.fset.Position(end)
	}
	return &PhysicalLocation{
		ArtifactLocation: l.artifact(start.Filename),
		Region:           l.region(start, stop),
	}
}

// edit is the file and region of a text edit: in the file that holds its
// bytes, whatever //line directives say, since that is the file a fix
// changes. An empty region is an insertion. It reports false when the
// columns cannot be converted: a region of whole lines would delete more
// than the edit does.
func (l *locator) edit(pos, end token.Pos) (ArtifactLocation, Region, bool) {
	start := l.fset.PositionFor(pos, false)
	stop := start
	if end.IsValid() {
		stop = l.fset.PositionFor(end, false)
	}
	r := l.region(start, stop)
	return l.artifact(start.Filename), *r, r.StartColumn > 0
}

// region is the region from start to stop, or from start to the end of
// its line when stop is not valid. Columns are left out when they cannot
// be converted, which SARIF reads as whole lines.
func (l *locator) region(start, stop token.Position) *Region {
	r := &Region{StartLine: start.Line}
	startCol := l.column(start)
	if !stop.IsValid() {
		r.StartColumn = startCol
		return r
	}
	r.EndLine = stop.Line
	if endCol := l.column(stop); startCol > 0 && endCol > 0 {
		r.StartColumn, r.EndColumn = startCol, endCol
	}
	return r
}

// column converts a position's byte column to a UTF-16 column, or
// returns 0 when the file cannot be read or does not hold the position.
func (l *locator) column(p token.Position) int {
	src := l.source(p.Filename)
	if src == nil || p.Line < 1 || p.Line > len(src.lines) || p.Column < 1 {
		return 0
	}
	start := src.lines[p.Line-1]
	end := len(src.content)
	if p.Line < len(src.lines) {
		end = src.lines[p.Line] // the next line's start: past the newline
	}
	off := start + p.Column - 1
	if off > end {
		return 0
	}
	return 1 + utf16Len(src.content[start:off])
}

// utf16Len is the number of UTF-16 code units that encode b. An invalid
// byte counts as the one unit of the replacement character.
func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		n += utf16.RuneLen(r)
		b = b[size:]
	}
	return n
}

func (l *locator) source(name string) *source {
	if src, ok := l.files[name]; ok {
		return src
	}
	var src *source
	if content, err := l.readFile(name); err == nil {
		src = &source{content: content, lines: lineStarts(content)}
	}
	l.files[name] = src
	return src
}

// lineStarts returns the offset at which each line starts, counting the
// empty line after a final newline, where a position at the end of the
// file lies.
func lineStarts(content []byte) []int {
	lines := []int{0}
	for i, c := range content {
		if c == '\n' {
			lines = append(lines, i+1)
		}
	}
	return lines
}

// artifact names a file: relative to the root under %SRCROOT% when it is
// inside it, else by its absolute file URI.
func (l *locator) artifact(name string) ArtifactLocation {
	if rel, ok := l.relative(name); ok {
		return ArtifactLocation{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: SrcRoot}
	}
	return ArtifactLocation{URI: fileURI(name)}
}

// relative returns name relative to the root, trying again with
// symbolic links resolved (a temporary directory under /private on
// macOS) before giving up.
func (l *locator) relative(name string) (string, bool) {
	if !filepath.IsAbs(name) {
		return "", false
	}
	if rel, ok := within(l.root, name); ok {
		return rel, true
	}
	real, err := filepath.EvalSymlinks(name)
	if err != nil {
		real = name
	}
	return within(l.realRoot, real)
}

func within(root, name string) (string, bool) {
	rel, err := filepath.Rel(root, name)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return rel, true
}

// fileURI is the file URI of an absolute path, with a leading slash
// before a Windows drive letter.
func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
