// Package commandbus routes write commands from the HTTP layer to their
// handlers. Each command type has exactly one handler; handlers are wrapped
// in the logging and metrics decorators when they are registered.
package commandbus

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"sync"
	"time"

	"github.com/quadhall/housing/internal/metrics"
)

// Result is what a command returns to its caller.
type Result struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Handler handles one command type.
type Handler[C any] interface {
	Handle(ctx context.Context, cmd C) (Result, error)
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc[C any] func(ctx context.Context, cmd C) (Result, error)

// Handle calls f.
func (f HandlerFunc[C]) Handle(ctx context.Context, cmd C) (Result, error) { return f(ctx, cmd) }

// Bus is a registry of handlers keyed by command type.
type Bus struct {
	mu       sync.RWMutex
	handlers map[reflect.Type]any
	log      *slog.Logger
	metrics  metrics.Recorder
}

// New returns an empty Bus whose handlers are decorated with log and m.
func New(log *slog.Logger, m metrics.Recorder) *Bus {
	return &Bus{handlers: map[reflect.Type]any{}, log: log, metrics: m}
}

// Register installs h as the handler for C. Registering twice panics; it is
// a wiring error.
func Register[C any](b *Bus, h Handler[C]) {
	t := reflect.TypeFor[C]()
	name := commandName(t)
	wrapped := WithMetrics(WithLogging(h, b.log, name), b.metrics, name)

	b.mu.Lock()
	defer b.mu.Unlock()
	if _, dup := b.handlers[t]; dup {
		panic(fmt.Sprintf("commandbus: handler for %s already registered", name))
	}
	b.handlers[t] = wrapped
}

// Dispatch sends cmd to its registered handler.
func Dispatch[C any](ctx context.Context, b *Bus, cmd C) (Result, error) {
	t := reflect.TypeFor[C]()
	b.mu.RLock()
	h, ok := b.handlers[t]
	b.mu.RUnlock()
	if !ok {
		return Result{}, fmt.Errorf("commandbus: no handler for %s", commandName(t))
	}
	return h.(Handler[C]).Handle(ctx, cmd)
}

func commandName(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name()
}

// DomainError is an expected rejection (validation, state conflict) that
// is logged at info level rather than error.
type DomainError struct {
	Code string
	Msg  string
}

func (e *DomainError) Error() string { return e.Code + ": " + e.Msg }

// Reject builds a DomainError.
func Reject(code, msg string) error { return &DomainError{Code: code, Msg: msg} }

type loggingHandler[C any] struct {
	next Handler[C]
	log  *slog.Logger
	name string
}

// WithLogging logs each command's outcome and latency.
func WithLogging[C any](next Handler[C], log *slog.Logger, name string) Handler[C] {
	return &loggingHandler[C]{next: next, log: log.With("command", name), name: name}
}

func (h *loggingHandler[C]) Handle(ctx context.Context, cmd C) (Result, error) {
	start := time.Now()
	res, err := h.next.Handle(ctx, cmd)
	attrs := []any{"elapsed", time.Since(start), "result_id", res.ID, "status", res.Status}
	var de *DomainError
	switch {
	case err == nil:
		h.log.InfoContext(ctx, "command handled", attrs...)
	case errors.As(err, &de):
		h.log.InfoContext(ctx, "command rejected", append(attrs, "code", de.Code)...)
	default:
		h.log.ErrorContext(ctx, "command failed", append(attrs, "err", err)...)
	}
	return res, err
}

type metricsHandler[C any] struct {
	next Handler[C]
	m    metrics.Recorder
	name string
}

// WithMetrics counts and times each command by outcome.
func WithMetrics[C any](next Handler[C], m metrics.Recorder, name string) Handler[C] {
	return &metricsHandler[C]{next: next, m: m, name: name}
}

func (h *metricsHandler[C]) Handle(ctx context.Context, cmd C) (Result, error) {
	start := time.Now()
	res, err := h.next.Handle(ctx, cmd)
	outcome := "ok"
	if err != nil {
		outcome = "error"
		var de *DomainError
		if errors.As(err, &de) {
			outcome = "rejected"
		}
	}
	h.m.Inc("commands", h.name, outcome)
	h.m.Observe("command_latency", time.Since(start), h.name)
	return res, err
}
