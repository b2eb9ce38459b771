// Package result holds small generic helpers for carrying a value or an
// error through pipelines of service calls.
package result

import "errors"

// Result carries either a value or an error.
type Result[T any] struct {
	Value T
	Err   error
}

// Ok wraps a value.
func Ok[T any](v T) Result[T] { return Result[T]{Value: v} }

// Fail wraps an error.
func Fail[T any](err error) Result[T] { return Result[T]{Err: err} }

// Of adapts the usual (value, error) pair.
func Of[T any](v T, err error) Result[T] {
	if err != nil {
		return Fail[T](err)
	}
	return Ok(v)
}

// Try runs fn and wraps what it returns.
func Try[T any](fn func() (T, error)) Result[T] { return Of(fn()) }

// Unwrap returns the pair again.
func (r Result[T]) Unwrap() (T, error) { return r.Value, r.Err }

// IsOk reports whether the result holds a value.
func (r Result[T]) IsOk() bool { return r.Err == nil }

// Map applies fn when r holds a value.
func Map[T, U any](r Result[T], fn func(T) (U, error)) Result[U] {
	if r.Err != nil {
		return Fail[U](r.Err)
	}
	return Of(fn(r.Value))
}

// Then runs fn for its side effect when r holds a value.
func Then[T any](r Result[T], fn func(T) error) Result[T] {
	if r.Err != nil {
		return r
	}
	if err := fn(r.Value); err != nil {
		return Fail[T](err)
	}
	return r
}

// Collect returns all values, or every error joined.
func Collect[T any](rs []Result[T]) ([]T, error) {
	out := make([]T, 0, len(rs))
	var errs []error
	for _, r := range rs {
		if r.Err != nil {
			errs = append(errs, r.Err)
			continue
		}
		out = append(out, r.Value)
	}
	return out, errors.Join(errs...)
}

// Each maps fn over items and collects the results.
func Each[T, U any](items []T, fn func(T) (U, error)) []Result[U] {
	out := make([]Result[U], 0, len(items))
	for _, it := range items {
		out = append(out, Of(fn(it)))
	}
	return out
}
