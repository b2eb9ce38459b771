package pipeline

import (
	"errors"
	"fmt"
)

// Result holds either a value or the error that prevented producing it. It is
// used where a batch is processed item by item and failures are reported
// together rather than stopping at the first one.
type Result[T any] struct {
	Value T
	Err   error
}

// Ok wraps a successful value.
func Ok[T any](v T) Result[T] { return Result[T]{Value: v} }

// Fail wraps an error.
func Fail[T any](err error) Result[T] { return Result[T]{Err: err} }

// Failf wraps a formatted error.
func Failf[T any](format string, args ...any) Result[T] {
	return Result[T]{Err: fmt.Errorf(format, args...)}
}

// Unwrap returns the value and error.
func (r Result[T]) Unwrap() (T, error) { return r.Value, r.Err }

// Map applies f to every successful result, passing failures through.
func Map[T any, U any](rs []Result[T], f func(T) (U, error)) []Result[U] {
	out := make([]Result[U], len(rs))
	for i, r := range rs {
		if r.Err != nil {
			out[i] = Fail[U](r.Err)
			continue
		}
		v, err := f(r.Value)
		out[i] = Result[U]{Value: v, Err: err}
	}
	return out
}

// Collect splits results into values and a joined error.
func Collect[T any](rs []Result[T]) ([]T, error) {
	vals := make([]T, 0, len(rs))
	var errs []error
	for _, r := range rs {
		if r.Err != nil {
			errs = append(errs, r.Err)
			continue
		}
		vals = append(vals, r.Value)
	}
	return vals, errors.Join(errs...)
}

// Sum folds the successful values of rs with f.
func Sum[T any, N int | int64](rs []T, f func(T) N) N {
	var total N
	for _, r := range rs {
		total += f(r)
	}
	return total
}
