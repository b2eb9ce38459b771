// Package fanout runs a function over a slice with bounded concurrency.
package fanout

import (
	"context"
	"errors"
	"sync"
)

// Each calls fn for every item with at most limit calls in flight. All
// errors are joined; the remaining items still run when one fails.
func Each[T any](ctx context.Context, items []T, limit int, fn func(context.Context, T) error) error {
	if limit <= 0 {
		limit = 1
	}
	sem := make(chan struct{}, limit)
	var (
		mu   sync.Mutex
		errs []error
		wg   sync.WaitGroup
	)
	for _, it := range items {
		if ctx.Err() != nil {
			break
		}
		sem <- struct{}{}
		wg.Add(1)
		go func(it T) {
			defer wg.Done()
			defer func() { <-sem }()
			if err := fn(ctx, it); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
		}(it)
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}
