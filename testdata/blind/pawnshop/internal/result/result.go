// Package result provides a small Result type for code that gathers per-item
// outcomes (batch runs, fan-out calls) and for handlers that want to pass a
// value-or-error around as one thing.
package result

// Result holds either a value or an error.
type Result[T any] struct {
	val T
	err error
}

// Ok wraps a value.
func Ok[T any](v T) Result[T] { return Result[T]{val: v} }

// Err wraps an error.
func Err[T any](err error) Result[T] { return Result[T]{err: err} }

// Of adapts the usual (value, error) return pair.
func Of[T any](v T, err error) Result[T] {
	if err != nil {
		return Result[T]{err: err}
	}
	return Result[T]{val: v}
}

// Unwrap returns the pair back.
func (r Result[T]) Unwrap() (T, error) { return r.val, r.err }

// IsOk reports whether r holds a value.
func (r Result[T]) IsOk() bool { return r.err == nil }

// Err returns the error, or nil.
func (r Result[T]) Err() error { return r.err }

// Value returns the value; it is the zero value when r holds an error.
func (r Result[T]) Value() T { return r.val }

// Map applies fn to the value of an Ok result.
func Map[T, U any](r Result[T], fn func(T) U) Result[U] {
	if r.err != nil {
		return Err[U](r.err)
	}
	return Ok(fn(r.val))
}

// Partition splits results into values and errors, keeping order.
func Partition[T any](rs []Result[T]) ([]T, []error) {
	var (
		oks  []T
		errs []error
	)
	for _, r := range rs {
		if r.err != nil {
			errs = append(errs, r.err)
			continue
		}
		oks = append(oks, r.val)
	}
	return oks, errs
}
