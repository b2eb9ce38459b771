// Package xtaskuse registers its worker's methods through another
// package's generic helper.
package xtaskuse

import (
	"context"

	"github.com/hibiken/asynq"

	"retried/xtasks"
)

// Charge is a task's payload.
type Charge struct{ OrderID string }

// Worker runs the tasks.
type Worker struct{}

func (w *Worker) charge(ctx context.Context, c Charge) error {
	return nil
}

func (w *Worker) describe(ctx context.Context, c Charge) error {
	return nil
}

// Mux mounts the worker's handlers.
func (w *Worker) Mux() *asynq.ServeMux {
	mux := asynq.NewServeMux()
	xtasks.Register(mux, "order:charge", w.charge) // want `root: asynq handler Worker.charge`
	_ = xtasks.Describe("order:describe", w.describe)
	return mux
}
