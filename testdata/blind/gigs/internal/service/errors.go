package service

import (
	"errors"
	"fmt"

	"github.com/gigbridge/escrow/internal/store"
)

// Kind classifies a service error for transport mapping.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindNotFound
	KindConflict
	KindPrecondition
	KindPermission
	KindUnavailable
)

// Error is a classified service error.
type Error struct {
	Kind Kind
	Msg  string
	Err  error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Msg + ": " + e.Err.Error()
	}
	return e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

func newErr(k Kind, err error, format string, args ...any) error {
	return &Error{Kind: k, Msg: fmt.Sprintf(format, args...), Err: err}
}

func invalid(format string, args ...any) error { return newErr(KindInvalid, nil, format, args...) }
func notFound(format string, args ...any) error {
	return newErr(KindNotFound, nil, format, args...)
}
func precondition(format string, args ...any) error {
	return newErr(KindPrecondition, nil, format, args...)
}
func permission(format string, args ...any) error {
	return newErr(KindPermission, nil, format, args...)
}
func unavailable(err error, format string, args ...any) error {
	return newErr(KindUnavailable, err, format, args...)
}

// KindOf returns the classification of err (KindInternal if unclassified).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	if errors.Is(err, store.ErrNotFound) {
		return KindNotFound
	}
	if store.IsUniqueViolation(err) {
		return KindConflict
	}
	return KindInternal
}

// lookup maps store.ErrNotFound to a NotFound service error naming what.
func lookup(err error, what string, id string) error {
	if errors.Is(err, store.ErrNotFound) {
		return notFound("%s %s not found", what, id)
	}
	return err
}

// ErrPermanent marks job failures that retrying cannot fix; workers cancel
// the job instead of retrying it.
var ErrPermanent = errors.New("permanent failure")

func permanent(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrPermanent, fmt.Sprintf(format, args...))
}
