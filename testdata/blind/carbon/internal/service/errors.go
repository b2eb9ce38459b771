// Package service implements the registry and marketplace use cases. Entry
// points (HTTP, gRPC, consumers, workers) call these through interfaces.
package service

import (
	"errors"
	"fmt"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/ledger"
)

// Error kinds that entry points map to protocol status codes.
var (
	ErrNotFound     = errors.New("not found")
	ErrInvalid      = errors.New("invalid request")
	ErrConflict     = errors.New("conflict")
	ErrState        = errors.New("invalid state")
	ErrInsufficient = ledger.ErrInsufficient
)

// Error carries a kind and a human readable message.
type Error struct {
	Kind error
	Msg  string
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Kind }

func fail(kind error, format string, args ...any) error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// notFound converts repository misses to ErrNotFound.
func notFound(err error, what string) error {
	if db.IsNotFound(err) {
		return fail(ErrNotFound, "%s not found", what)
	}
	return err
}
