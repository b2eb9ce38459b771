// Command idemlint-gopls builds a gopls binary that also runs idemlint's
// analyzers, so that editors show idemlint's findings and quick fixes as
// they do vet's.
//
// Usage:
//
//	go run github.com/idemlint/idemlint/cmd/idemlint-gopls@VERSION [-o FILE] [-gopls VERSION] [-idemlint DIR] [-v]
//
// It exists because gopls has no plugin mechanism: its analyzers are a
// list compiled into it (settings.AllAnalyzers, in an internal package
// that no other module may import). So the command copies the gopls
// module's source from the module cache into a temporary directory, adds
// one file to package settings that appends idemlint's analyzers to that
// list, requires the idemlint module from the copy's go.mod, and builds.
// Everything comes from the Go module proxy, as for go install.
//
// The idemlint built in is the one this command was built from: the
// version named after @, or, for a command built from a checkout (go run
// ./cmd/idemlint-gopls), the module directory that go list finds from the
// current directory, or -idemlint DIR.
//
// The analyzers run with idemlint's default configuration: gopls has no
// way to pass a configuration file to analyzers. The gopls "analyses"
// setting turns them on and off by name, and //idemlint:ignore
// directives work as under any driver.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
)

const (
	idemlintPath = "github.com/idemlint/idemlint"
	goplsPath    = "golang.org/x/tools/gopls"
)

var (
	outFlag      = flag.String("o", "gopls-idemlint", "write the gopls binary to `file`")
	goplsFlag    = flag.String("gopls", "v0.23.0", "gopls module `version` to build")
	idemlintFlag = flag.String("idemlint", "", "build in the idemlint module in `dir` (default: the version this command was built from)")
	verboseFlag  = flag.Bool("v", false, "show the go commands and their output")
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("idemlint-gopls: ")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: idemlint-gopls [-o file] [-gopls version] [-idemlint dir] [-v]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "idemlint-gopls: unexpected argument %q\n", flag.Arg(0))
		flag.Usage()
		os.Exit(2)
	}
	b := &builder{gopls: *goplsFlag, verbose: *verboseFlag, log: os.Stderr}
	if err := b.build(*outFlag, *idemlintFlag); err != nil {
		log.Fatal(err)
	}
}

// A builder builds one patched gopls.
type builder struct {
	gopls   string    // gopls module version
	verbose bool      // show go commands and their output
	log     io.Writer // where verbose output goes
}

// A source is the idemlint module to build in: a version the proxy
// serves, or a local directory (Dir set) that the copy replaces it with.
type source struct {
	Version string
	Dir     string
}

// build writes a gopls with idemlint's analyzers to out. dir, if set, is
// the idemlint module directory to build in.
func (b *builder) build(out, dir string) error {
	out, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	src, err := b.locate(dir)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "idemlint-gopls-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	// Downloaded from the empty work directory, so that no go.mod around
	// the current directory has a say.
	goplsDir, err := b.download(work, goplsPath+"@"+b.gopls)
	if err != nil {
		return err
	}
	if err := b.prepare(work, goplsDir, src); err != nil {
		return err
	}
	// -trimpath keeps the temporary directory out of the build cache keys,
	// so that a second build reuses the first one's packages. The version
	// set through main.version, which gopls's main offers the linker,
	// makes gopls version say what was built.
	ldflags := "-X main.version=" + b.gopls + "+idemlint"
	if err := b.goCmd(work, nil, "build", "-mod=mod", "-trimpath", "-ldflags="+ldflags, "-o", out, "."); err != nil {
		return err
	}
	return smoke(out)
}

// prepare lays out in work the gopls module from goplsDir, with the file
// that adds idemlint's analyzers and a requirement of src.
func (b *builder) prepare(work, goplsDir string, src source) error {
	if err := copyTree(work, goplsDir); err != nil {
		return fmt.Errorf("copying gopls source: %v", err)
	}
	settings := filepath.Join(work, "internal", "settings")
	if _, err := os.Stat(settings); err != nil {
		return fmt.Errorf("gopls %s has no internal/settings package to add analyzers to", b.gopls)
	}
	if err := os.WriteFile(filepath.Join(settings, "idemlint.go"), []byte(settingsFile), 0o644); err != nil {
		return err
	}
	return b.require(work, src)
}

// smoke runs the built gopls once, so that an analyzer list gopls
// refuses at start (a duplicate name, say) fails the build rather than
// the editor.
func smoke(gopls string) error {
	out, err := exec.Command(gopls, "version").CombinedOutput()
	if err != nil {
		return fmt.Errorf("the built gopls does not start: %s", oneLine(string(out)))
	}
	return nil
}

// locate finds the idemlint module to build in: dir if given; else the
// version of this command's own module when it was fetched by version;
// else, for a command built from a checkout, the module directory that
// go list finds from the current directory.
func (b *builder) locate(dir string) (source, error) {
	if dir != "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return source{}, err
		}
		if _, err := os.Stat(filepath.Join(abs, "go.mod")); err != nil {
			return source{}, fmt.Errorf("-idemlint %s: no go.mod there", dir)
		}
		return source{Dir: abs}, nil
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		if v := releaseVersion(info); v != "" {
			return source{Version: v}, nil
		}
	}
	var stdout bytes.Buffer
	err := b.goCmd("", &stdout, "list", "-m", "-f", "{{.Dir}}", idemlintPath)
	d := strings.TrimSpace(stdout.String())
	if err != nil || d == "" {
		return source{}, errors.New("cannot find the idemlint module from the current directory: run in a checkout of it, or pass -idemlint DIR")
	}
	return source{Dir: d}, nil
}

// releaseVersion returns the version of idemlint this command was built
// from when the go command fetched it by version (go run or go install
// of path@version), and "" when it was built from a checkout: then the
// version is "(devel)", or one derived from the checkout's VCS, which
// the proxy need not serve; the VCS settings tell the two apart.
func releaseVersion(info *debug.BuildInfo) string {
	if info.Main.Path != idemlintPath || info.Main.Version == "" || info.Main.Version == "(devel)" {
		return ""
	}
	for _, s := range info.Settings {
		if strings.HasPrefix(s.Key, "vcs") {
			return ""
		}
	}
	return info.Main.Version
}

// download returns the module cache directory of path@version, fetching
// it through the module proxy if needed. The go command runs in dir.
func (b *builder) download(dir, pathVersion string) (string, error) {
	var stdout bytes.Buffer
	err := b.goCmd(dir, &stdout, "mod", "download", "-json", pathVersion)
	var m struct{ Dir, Error string }
	if jerr := json.Unmarshal(stdout.Bytes(), &m); jerr == nil && m.Error != "" {
		return "", fmt.Errorf("downloading %s: %s", pathVersion, oneLine(m.Error))
	}
	if err != nil {
		return "", fmt.Errorf("downloading %s: %v", pathVersion, err)
	}
	if m.Dir == "" {
		return "", fmt.Errorf("downloading %s: go mod download reported no directory", pathVersion)
	}
	return m.Dir, nil
}

// require adds the idemlint module to the go.mod in work.
func (b *builder) require(work string, src source) error {
	args := []string{"mod", "edit"}
	if src.Dir != "" {
		args = append(args,
			"-require="+idemlintPath+"@v0.0.0-00010101000000-000000000000",
			"-replace="+idemlintPath+"="+src.Dir)
	} else {
		args = append(args, "-require="+idemlintPath+"@"+src.Version)
	}
	return b.goCmd(work, nil, args...)
}

// goCmd runs the go command in dir (the current directory if empty),
// writing its standard output to stdout if not nil. Its standard error
// goes to the log in verbose mode, and otherwise into the error.
func (b *builder) goCmd(dir string, stdout io.Writer, args ...string) error {
	cmd := exec.Command("go", args...)
	if dir != "" {
		// The work directory is apart from the user's modules: no
		// go.work applies to it.
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off")
	}
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	if b.verbose {
		fmt.Fprintf(b.log, "go %s\n", strings.Join(args, " "))
		cmd.Stderr = b.log
		if stdout == nil {
			cmd.Stdout = b.log
		}
	}
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		switch {
		case msg == "":
			return fmt.Errorf("go %s: %v", args[0], err)
		case strings.Count(msg, "\n") < 3:
			return fmt.Errorf("go %s: %s", args[0], oneLine(msg))
		default:
			// Compiler errors read best as the go command prints them.
			fmt.Fprintln(b.log, msg)
			return fmt.Errorf("go %s failed (output above)", args[0])
		}
	}
	return nil
}

// oneLine joins the lines of a go command's message, for an error that
// is one line.
func oneLine(msg string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(strings.TrimSpace(msg), "\n", " | ")), " ")
}

// copyTree copies the directory tree src into dst, making it writable:
// the module cache is read-only.
func copyTree(dst, src string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		return copyFile(target, path)
	})
}

func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// settingsFile is the file added to gopls's package settings. Its init
// runs after every package-level variable of settings is initialized,
// AllAnalyzers included, and before any package that imports settings
// is initialized; nothing in settings reads AllAnalyzers during
// initialization, so every reader sees idemlint's analyzers. They keep
// gopls's defaults: on, warning severity, fixes offered as quick fixes.
const settingsFile = `// Code added by idemlint-gopls. DO NOT EDIT.

package settings

import (
	"log"

	"github.com/idemlint/idemlint"
)

func init() {
	names := make(map[string]bool)
	for _, a := range AllAnalyzers {
		names[a.analyzer.Name] = true
	}
	for _, a := range idemlint.Analyzers() {
		if names[a.Name] {
			log.Fatalf("idemlint analyzer %q has the name of a gopls analyzer", a.Name)
		}
		AllAnalyzers = append(AllAnalyzers, &Analyzer{analyzer: a})
	}
}
`
