// Package result provides a small Result type for fan-out work where each
// item can fail independently.
package result

import (
	"errors"
	"fmt"
)

// Result carries either a value or the error that prevented producing it.
type Result[T any] struct {
	Value T
	Err   error
	Key   string
}

// Ok wraps a successful value.
func Ok[T any](key string, v T) Result[T] { return Result[T]{Key: key, Value: v} }

// Fail wraps an error.
func Fail[T any](key string, err error) Result[T] { return Result[T]{Key: key, Err: err} }

// From builds a Result from a (value, error) pair.
func From[T any](key string, v T, err error) Result[T] {
	if err != nil {
		return Fail[T](key, err)
	}
	return Ok(key, v)
}

// IsOk reports whether the result holds a value.
func (r Result[T]) IsOk() bool { return r.Err == nil }

// Unwrap returns the value and error.
func (r Result[T]) Unwrap() (T, error) { return r.Value, r.Err }

// Map applies fn to the value of a successful result.
func Map[T, U any](r Result[T], fn func(T) (U, error)) Result[U] {
	if r.Err != nil {
		return Fail[U](r.Key, r.Err)
	}
	u, err := fn(r.Value)
	return From(r.Key, u, err)
}

// Partition splits results into values and a joined error.
func Partition[T any](rs []Result[T]) ([]T, error) {
	var (
		vals []T
		errs []error
	)
	for _, r := range rs {
		if r.Err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", r.Key, r.Err))
			continue
		}
		vals = append(vals, r.Value)
	}
	return vals, errors.Join(errs...)
}

// Summary counts successes and failures.
type Summary struct {
	Succeeded int
	Failed    int
}

// Summarize counts the outcomes in rs.
func Summarize[T any](rs []Result[T]) Summary {
	var s Summary
	for _, r := range rs {
		if r.Err != nil {
			s.Failed++
		} else {
			s.Succeeded++
		}
	}
	return s
}
