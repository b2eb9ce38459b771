// Package command provides a small generic command bus: typed handlers that
// can be wrapped with cross-cutting decorators.
package command

import (
	"context"
	"fmt"
	"reflect"
)

// Handler handles one command type.
type Handler[C any] interface {
	Handle(ctx context.Context, cmd C) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc[C any] func(ctx context.Context, cmd C) error

// Handle calls f.
func (f HandlerFunc[C]) Handle(ctx context.Context, cmd C) error { return f(ctx, cmd) }

// Decorator wraps a Handler.
type Decorator[C any] func(Handler[C]) Handler[C]

// Decorate applies decorators so that the first one is the outermost.
func Decorate[C any](h Handler[C], decorators ...Decorator[C]) Handler[C] {
	for i := len(decorators) - 1; i >= 0; i-- {
		h = decorators[i](h)
	}
	return h
}

// Name returns the command type name used in logs and metrics.
func Name[C any]() string {
	t := reflect.TypeFor[C]()
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name()
}

// Validator is implemented by commands that can check themselves.
type Validator interface {
	Validate() error
}

// ValidationError is returned when a command fails validation.
type ValidationError struct {
	Command string
	Err     error
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("command %s: invalid: %v", e.Command, e.Err)
}

func (e *ValidationError) Unwrap() error { return e.Err }

// WithValidation rejects commands whose Validate method fails.
func WithValidation[C any]() Decorator[C] {
	name := Name[C]()
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			if v, ok := any(cmd).(Validator); ok {
				if err := v.Validate(); err != nil {
					return &ValidationError{Command: name, Err: err}
				}
			}
			return next.Handle(ctx, cmd)
		})
	}
}
