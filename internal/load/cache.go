package load

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"time"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// The declaration cache keeps, between runs, the types checkDecls gives
// a dependency, as export data. Once a module's own packages are few,
// checking the declarations of the libraries it uses is most of a run
// (stripe-go alone declares thousands of types), and the result depends
// only on the library's files and on the types of its imports, which
// the key covers, as the go command's build cache does for the
// compiler's export data.
//
// IDEMLINT_CACHE names the directory; "off" turns the cache off. By
// default it is idemlint under the user's cache directory. The cache is
// an optimisation only: an entry that cannot be read or written is
// checked again, silently.
const cacheEnv = "IDEMLINT_CACHE"

// cacheFormat changes when what checkDecls puts in an entry does.
const cacheFormat = "idemlint decls 2"

// Entries unused for trimAge are removed, at most once per trimEvery;
// a used entry's time is refreshed at most once per touchEvery.
const (
	trimAge    = 5 * 24 * time.Hour
	trimEvery  = 24 * time.Hour
	touchEvery = time.Hour
)

type declCache struct {
	dir string // "" when the cache is off or has no directory
}

// openCache opens the cache the environment names, creating its
// directory and trimming it if it is time to.
func openCache(env []string) *declCache {
	dir, ok := lookupEnv(env, cacheEnv)
	switch {
	case dir == "off":
		return &declCache{}
	case !ok || dir == "":
		base, err := os.UserCacheDir()
		if err != nil {
			return &declCache{}
		}
		dir = filepath.Join(base, "idemlint")
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return &declCache{}
	}
	c := &declCache{dir: dir}
	c.trim(time.Now())
	return c
}

// lookupEnv looks name up in env, the caller's environment for the go
// command, whose last entry wins, and then in the process's.
func lookupEnv(env []string, name string) (string, bool) {
	for _, kv := range slices.Backward(env) {
		if len(kv) > len(name) && kv[:len(name)] == name && kv[len(name)] == '=' {
			return kv[len(name)+1:], true
		}
	}
	return os.LookupEnv(name)
}

// toolVersion identifies the type checker and export data writer that
// made an entry: the Go release idemlint was built with and the version
// of golang.org/x/tools.
var toolVersion = func() string {
	v := runtime.Version()
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == "golang.org/x/tools" {
				v += " " + dep.Version + " " + dep.Sum
			}
		}
	}
	return v
}()

// packageKey is the key of what pkg declares, given the keys of its
// imports: its files (name, size and time of change: a package of the
// standard library is in the GOROOT of the go command that listed it,
// whose files a new release changes), the settings of its
// type-checking, and its imports' keys. It reports false when pkg has no
// key (a file cannot be read, an import has none).
func packageKey(pkg *packages.Package, importKey func(*packages.Package) (string, bool)) (string, bool) {
	if pkg.PkgPath == "unsafe" {
		return "unsafe", true
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n", cacheFormat, toolVersion, pkg.PkgPath)
	fmt.Fprintf(h, "go %s\nsizes %v\n", typesConfig(pkg).GoVersion, pkg.TypesSizes)
	for _, name := range pkg.GoFiles {
		fi, err := os.Stat(name)
		if err != nil {
			return "", false
		}
		fmt.Fprintf(h, "file %q %d %d\n", name, fi.Size(), fi.ModTime().UnixNano())
	}
	for _, path := range slices.Sorted(maps.Keys(pkg.Imports)) {
		k, ok := importKey(pkg.Imports[path])
		if !ok {
			return "", false
		}
		fmt.Fprintf(h, "import %q %s\n", path, k)
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

func (c *declCache) file(key string) string {
	return filepath.Join(c.dir, key[:2], key+"-d")
}

// get returns the entry of key, or nil.
func (c *declCache) get(key string) []byte {
	if c.dir == "" {
		return nil
	}
	name := c.file(key)
	data, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	if fi, err := os.Stat(name); err == nil && time.Since(fi.ModTime()) > touchEvery {
		now := time.Now()
		os.Chtimes(name, now, now)
	}
	return data
}

// put writes the entry of key, whole or not at all: another run may be
// reading it.
func (c *declCache) put(key string, data []byte) {
	if c.dir == "" {
		return
	}
	name := c.file(key)
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), "tmp-")
	if err != nil {
		return
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
}

// trim removes the entries unused for trimAge, if the last trim was
// trimEvery ago or more.
func (c *declCache) trim(now time.Time) {
	stamp := filepath.Join(c.dir, "trim.txt")
	if fi, err := os.Stat(stamp); err == nil && now.Sub(fi.ModTime()) < trimEvery {
		return
	}
	if err := os.WriteFile(stamp, []byte(now.Format(time.RFC3339)+"\n"), 0o666); err != nil {
		return
	}
	subdirs, _ := filepath.Glob(filepath.Join(c.dir, "[0-9a-f][0-9a-f]"))
	for _, sub := range subdirs {
		entries, _ := os.ReadDir(sub)
		for _, e := range entries {
			if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > trimAge {
				os.Remove(filepath.Join(sub, e.Name()))
			}
		}
	}
}

// encodeTypes is the entry of a package's types. A package the export
// data writer cannot write (it panics on some) has no entry.
func encodeTypes(fset *token.FileSet, pkg *types.Package) (data []byte, err error) {
	if pkg == nil || pkg == types.Unsafe {
		return nil, fmt.Errorf("package %v has no entry", pkg)
	}
	defer func() {
		if r := recover(); r != nil {
			data, err = nil, fmt.Errorf("writing the types of %s: %v", pkg.Path(), r)
		}
	}()
	var buf bytes.Buffer
	if err := gcexportdata.Write(&buf, fset, pkg); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decodeTypes reads a package's types from its entry, against the types
// its imports were given (view, by path).
func decodeTypes(fset *token.FileSet, data []byte, view map[string]*types.Package, path string) (*types.Package, error) {
	return gcexportdata.Read(bytes.NewReader(data), fset, view, path)
}
