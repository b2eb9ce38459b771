// Package errs is the error vocabulary shared by the core and the adapters.
//
// Errors carry an operation name and a Kind; the HTTP layer maps kinds to
// status codes and the job layer decides whether to retry or discard.
package errs

import (
	"errors"
	"fmt"
	"strings"
)

// Kind classifies an error for callers that need to branch on it.
type Kind uint8

const (
	Other Kind = iota
	Invalid
	NotFound
	Conflict
	Unauthorized
	Unavailable
	Precondition
	Internal
)

func (k Kind) String() string {
	switch k {
	case Invalid:
		return "invalid"
	case NotFound:
		return "not_found"
	case Conflict:
		return "conflict"
	case Unauthorized:
		return "unauthorized"
	case Unavailable:
		return "unavailable"
	case Precondition:
		return "precondition_failed"
	case Internal:
		return "internal"
	default:
		return "other"
	}
}

// Op names the operation that failed, e.g. "appointments.Book".
type Op string

// Error is the concrete error type produced by E.
type Error struct {
	Op   Op
	Kind Kind
	Msg  string
	Err  error
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Op != "" {
		b.WriteString(string(e.Op))
	}
	if e.Kind != Other {
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(e.Kind.String())
	}
	if e.Msg != "" {
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(e.Msg)
	}
	if e.Err != nil {
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// E builds an *Error from its arguments. Accepted argument types are Op,
// Kind, string (message) and error. The kind of a wrapped *Error is
// inherited when none is given.
func E(args ...any) error {
	e := &Error{}
	for _, a := range args {
		switch v := a.(type) {
		case Op:
			e.Op = v
		case Kind:
			e.Kind = v
		case string:
			e.Msg = v
		case error:
			e.Err = v
		case nil:
		default:
			panic(fmt.Sprintf("errs.E: bad argument type %T", a))
		}
	}
	if e.Kind == Other {
		var inner *Error
		if errors.As(e.Err, &inner) {
			e.Kind = inner.Kind
		}
	}
	return e
}

// Wrap annotates err with op, returning nil when err is nil.
func Wrap(op Op, err error) error {
	if err == nil {
		return nil
	}
	return E(op, err)
}

// Errorf is a convenience for E(op, kind, fmt.Sprintf(...)).
func Errorf(op Op, kind Kind, format string, a ...any) error {
	return E(op, kind, fmt.Sprintf(format, a...))
}

// KindOf reports the first non-Other kind found in err's chain.
func KindOf(err error) Kind {
	for err != nil {
		var e *Error
		if !errors.As(err, &e) {
			return Other
		}
		if e.Kind != Other {
			return e.Kind
		}
		err = e.Err
	}
	return Other
}

// Is reports whether err has the given kind.
func Is(kind Kind, err error) bool {
	return err != nil && KindOf(err) == kind
}
