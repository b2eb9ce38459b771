package metrics

import (
	"context"
	"errors"
	"time"

	"connectrpc.com/connect"
)

// Result carries a value or an error out of an instrumented call. Decorators
// use it so that the metric labels can be derived from the outcome before the
// value is handed back to the caller.
type Result[T any] struct {
	Value T
	Err   error
}

// Ok wraps a successful value.
func Ok[T any](v T) Result[T] { return Result[T]{Value: v} }

// Fail wraps an error.
func Fail[T any](err error) Result[T] { return Result[T]{Err: err} }

// Unwrap returns the value and error in the usual Go order.
func (r Result[T]) Unwrap() (T, error) { return r.Value, r.Err }

// Outcome is the low-cardinality label recorded for a result.
func (r Result[T]) Outcome() string {
	if r.Err == nil {
		return "ok"
	}
	if errors.Is(r.Err, context.Canceled) {
		return "canceled"
	}
	if errors.Is(r.Err, context.DeadlineExceeded) {
		return "deadline"
	}
	var ce *connect.Error
	if errors.As(r.Err, &ce) {
		return ce.Code().String()
	}
	return "error"
}

// Observe runs fn, records its latency and outcome under the given component
// and operation, and returns the outcome as a Result.
func Observe[T any](ctx context.Context, rec *Recorder, component, op string, fn func(context.Context) (T, error)) Result[T] {
	start := time.Now()
	v, err := fn(ctx)
	res := Result[T]{Value: v, Err: err}
	if rec != nil {
		rec.observe(component, op, res.Outcome(), time.Since(start))
	}
	return res
}

// ObserveErr is Observe for calls that only return an error.
func ObserveErr(ctx context.Context, rec *Recorder, component, op string, fn func(context.Context) error) error {
	return Observe(ctx, rec, component, op, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, fn(ctx)
	}).Err
}
