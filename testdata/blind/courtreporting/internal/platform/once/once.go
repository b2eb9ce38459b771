// Package once runs batch steps at most once per run key, so cron jobs
// that asynq reruns after a failure skip the work that already finished.
package once

import (
	"context"
	"fmt"
)

// Store records which run keys have completed.
type Store interface {
	Completed(ctx context.Context, name, key string) (bool, error)
	MarkCompleted(ctx context.Context, name, key string) error
}

// Result tells the caller whether fn actually ran.
type Result struct {
	Skipped bool
}

// Do runs fn unless (name, key) is already recorded as completed, and
// records it afterwards.
func Do(ctx context.Context, s Store, name, key string, fn func(ctx context.Context) error) (Result, error) {
	done, err := s.Completed(ctx, name, key)
	if err != nil {
		return Result{}, fmt.Errorf("once %s/%s: lookup: %w", name, key, err)
	}
	if done {
		return Result{Skipped: true}, nil
	}
	if err := fn(ctx); err != nil {
		return Result{}, err
	}
	if err := s.MarkCompleted(ctx, name, key); err != nil {
		return Result{}, fmt.Errorf("once %s/%s: record: %w", name, key, err)
	}
	return Result{}, nil
}
