package catalog

import (
	"go/types"
	"strings"
)

// loggingPackages are packages whose functions and methods only record
// what happened: a branch that calls nothing else after a failure goes
// on without it.
var loggingPackages = map[string]bool{
	"log":                        true,
	"log/slog":                   true,
	"go.uber.org/zap":            true,
	"github.com/sirupsen/logrus": true,
	"github.com/rs/zerolog":      true,
	"github.com/rs/zerolog/log":  true,
	"github.com/go-logr/logr":    true,
	"github.com/go-kit/log":      true,
	"k8s.io/klog/v2":             true,
}

// loggingFuncs are functions of other packages that print to the
// process's output or build a message or test an error for a logger
// (fmt.Fprintf is left out: it writes where it is told, a response
// perhaps).
var loggingFuncs = map[string]bool{
	"fmt.Print":   true,
	"fmt.Printf":  true,
	"fmt.Println": true,
	"fmt.Errorf":  true, // builds the message a logger is given
	"fmt.Sprintf": true,
	"errors.Is":   true,
	"errors.As":   true,
}

// IsLogging reports whether a call of fn only records or formats: a
// logging package's, fmt's printing to standard output, or a method of
// the program's own logger type (a named type whose name ends in
// "logger", whatever its case and package).
func IsLogging(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if loggingPackages[fn.Pkg().Path()] || loggingFuncs[FuncKey(fn)] {
		return true
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return false
	}
	recv := sig.Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	n, ok := types.Unalias(recv).(*types.Named)
	return ok && (loggingPackages[pkgPath(n.Obj())] || strings.HasSuffix(strings.ToLower(n.Obj().Name()), "logger"))
}

func pkgPath(obj types.Object) string {
	if obj.Pkg() == nil {
		return ""
	}
	return obj.Pkg().Path()
}

// exitingLogPrefixes begin the names of loggers' functions and methods
// that do not return: log.Fatalf exits, log.Panicf panics (and a
// handler's panic is turned into an error that is retried), zap's
// DPanic panics in development.
var exitingLogPrefixes = []string{"Fatal", "Panic", "DPanic", "Exit"}

// IsExitingLog reports whether a logging call does not return.
func IsExitingLog(fn *types.Func) bool {
	for _, p := range exitingLogPrefixes {
		if strings.HasPrefix(fn.Name(), p) {
			return true
		}
	}
	return false
}

// errorConstructors return a non-nil error on every call: a function
// that returns one fails its caller.
var errorConstructors = map[string]bool{
	"fmt.Errorf":                                     true,
	"errors.New":                                     true,
	"errors.Join":                                    true,
	"github.com/pkg/errors.New":                      true,
	"github.com/pkg/errors.Errorf":                   true,
	"github.com/pkg/errors.Wrap":                     true,
	"github.com/pkg/errors.Wrapf":                    true,
	"github.com/pkg/errors.WithStack":                true,
	"github.com/pkg/errors.WithMessage":              true,
	"google.golang.org/grpc/status.Error":            true,
	"google.golang.org/grpc/status.Errorf":           true,
	"github.com/labstack/echo/v4.NewHTTPError":       true,
	"github.com/gofiber/fiber/v2.NewError":           true,
	"github.com/gofiber/fiber/v3.NewError":           true,
	"connectrpc.com/connect.NewError":                true,
	"github.com/go-kratos/kratos/v2/errors.New":      true,
	"github.com/go-kratos/kratos/v2/errors.Conflict": true,
}

// IsErrorConstructor reports whether fn returns a new non-nil error on
// every call (errorConstructors).
func IsErrorConstructor(fn *types.Func) bool { return has(errorConstructors, fn) }
