package summary

import (
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"github.com/idemlint/idemlint/internal/valueflow"
)

// A locator finds the positions of frames (valueflow.Frame, a summary's
// "file.go:line:col" in a named function) in the files of a run that
// loads the packages they are in.
type locator struct {
	fset  *token.FileSet
	pkgs  map[string]*types.Package // the packages it looks in, by path
	files map[string][]*token.File  // the run's files by base name
	// names are the sorted names of each package's scope, and dirs the
	// directory of its files: looked up for every interface method a
	// composition root resolves, and sorted each time types.Scope.Names
	// is called.
	names map[*types.Package][]string
	dirs  map[*types.Package]string
}

// Locate returns the position of a frame of a function of another
// package (a defect's origin in a summary), in a run that loads every
// package from source (Config.WholeProgram): there a finding can be
// reported where the value is made. NoPos otherwise, or when the
// frame's file is not found.
func (r *Result) Locate(f valueflow.Frame) token.Pos {
	if r.pass == nil || !r.Catalog.Config().WholeProgram {
		return token.NoPos
	}
	if r.loc == nil {
		r.loc = &locator{fset: r.pass.Fset, pkgs: map[string]*types.Package{}}
		r.loc.link(r.pass.Pkg)
	}
	return r.loc.locate(f, "")
}

// link records pkg and the packages it imports, directly or not.
func (l *locator) link(pkg *types.Package) {
	if l.pkgs[pkg.Path()] != nil {
		return
	}
	l.pkgs[pkg.Path()] = pkg
	for _, imp := range pkg.Imports() {
		l.link(imp)
	}
}

// locate finds a frame's position in the run's file set: the file of
// that base name in the directory of the package pkg (or, with pkg
// empty, of a package named as the frame's function is), at the frame's
// line and column.
func (l *locator) locate(f valueflow.Frame, pkg string) token.Pos {
	if l.files == nil {
		l.files = map[string][]*token.File{}
		l.fset.Iterate(func(tf *token.File) bool {
			base := filepath.Base(tf.Name())
			l.files[base] = append(l.files[base], tf)
			return true
		})
	}
	file, line, col, ok := splitFramePos(f.Pos)
	if !ok {
		return token.NoPos
	}
	pkgName, _, _ := strings.Cut(f.Func, ".")
	for _, tf := range l.files[file] {
		if !l.inPackageDir(tf.Name(), pkg, pkgName) || line > tf.LineCount() {
			continue
		}
		start := tf.LineStart(line)
		if off := tf.Offset(start) + col - 1; off < tf.Size() {
			return tf.Pos(off)
		}
	}
	return token.NoPos
}

// inPackageDir reports whether the file named name lies in the directory
// of the package with path pkgPath or, without one, of a linked package
// named pkgName. A frame's function names its package: a list's
// statement of a callee of another package (a store's method the
// service calls directly) is not in the list's package, though a file
// there may have the same name.
func (l *locator) inPackageDir(name, pkgPath, pkgName string) bool {
	dir := filepath.Dir(name)
	for path, pkg := range l.pkgs {
		if pkgPath != "" && path != pkgPath || pkg.Name() != pkgName {
			continue
		}
		if d := l.dirOf(pkg); d != "" && d == dir {
			return true
		}
	}
	return false
}

// dirOf is the directory of a package's files, found from the position
// of one of its declarations.
func (l *locator) dirOf(pkg *types.Package) string {
	if d, ok := l.dirs[pkg]; ok {
		return d
	}
	d := ""
	for _, name := range l.scopeNames(pkg) {
		if pos := pkg.Scope().Lookup(name).Pos(); pos.IsValid() {
			if tf := l.fset.File(pos); tf != nil {
				d = filepath.Dir(tf.Name())
				break
			}
		}
	}
	if l.dirs == nil {
		l.dirs = map[*types.Package]string{}
	}
	l.dirs[pkg] = d
	return d
}

// scopeNames returns the sorted names of pkg's scope, once per package.
func (l *locator) scopeNames(pkg *types.Package) []string {
	if names, ok := l.names[pkg]; ok {
		return names
	}
	if l.names == nil {
		l.names = map[*types.Package][]string{}
	}
	names := pkg.Scope().Names()
	l.names[pkg] = names
	return names
}
