// Package result provides a small value-or-error container used where a
// batch of independent operations is reported back to a caller.
package result

// Result holds either a value or the error that prevented producing it.
type Result[T any] struct {
	Value T
	Err   error
}

func Ok[T any](v T) Result[T] { return Result[T]{Value: v} }

func Fail[T any](err error) Result[T] { return Result[T]{Err: err} }

func (r Result[T]) IsOk() bool { return r.Err == nil }

// Unwrap returns the pair in the usual Go shape.
func (r Result[T]) Unwrap() (T, error) { return r.Value, r.Err }

// Partition splits a batch into successes and failures.
func Partition[T any](rs []Result[T]) (ok []T, failed []error) {
	for _, r := range rs {
		if r.Err != nil {
			failed = append(failed, r.Err)
			continue
		}
		ok = append(ok, r.Value)
	}
	return ok, failed
}
