// Package batch collects per-item outcomes of jobs and bulk operations.
package batch

import (
	"errors"
	"fmt"
)

// Result is the outcome of processing one item.
type Result[K comparable] struct {
	Key K
	Err error
}

// Report aggregates results keyed by K.
type Report[K comparable] struct {
	Succeeded []K
	Skipped   []K
	Failed    map[K]error
}

// NewReport returns an empty report.
func NewReport[K comparable]() *Report[K] {
	return &Report[K]{Failed: make(map[K]error)}
}

// Ok records a success.
func (r *Report[K]) Ok(k K) { r.Succeeded = append(r.Succeeded, k) }

// Skip records an item that needed no work.
func (r *Report[K]) Skip(k K) { r.Skipped = append(r.Skipped, k) }

// Fail records a failure.
func (r *Report[K]) Fail(k K, err error) { r.Failed[k] = err }

// Add records a Result.
func (r *Report[K]) Add(res Result[K]) {
	if res.Err != nil {
		r.Fail(res.Key, res.Err)
		return
	}
	r.Ok(res.Key)
}

// Err joins the failures into one error, or nil.
func (r *Report[K]) Err() error {
	if len(r.Failed) == 0 {
		return nil
	}
	errs := make([]error, 0, len(r.Failed))
	for k, err := range r.Failed {
		errs = append(errs, fmt.Errorf("%v: %w", k, err))
	}
	return errors.Join(errs...)
}

// Each runs fn for every item and records the outcome, continuing past
// failures.
func Each[T any, K comparable](items []T, key func(T) K, fn func(T) error) *Report[K] {
	rep := NewReport[K]()
	for _, it := range items {
		rep.Add(Result[K]{Key: key(it), Err: fn(it)})
	}
	return rep
}
