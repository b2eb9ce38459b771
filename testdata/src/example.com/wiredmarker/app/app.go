// Package app captures deposits for the queue's jobs, through the
// store main wires.
package app

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
)

// Markers keeps the marks of the jobs done.
type Markers interface {
	Done(ctx context.Context, key string) (bool, error)
	Mark(ctx context.Context, key string, at time.Time) error
	Position(ctx context.Context, name string) (int64, error)
	Move(ctx context.Context, name string, pos int64) error
}

// Deposits moves deposits.
type Deposits interface {
	Capture(ctx context.Context, id string, cents int64) error
	Charge(ctx context.Context, id string, cents int64) error
}

// Store hands out the repositories and runs units of work.
type Store interface {
	Markers() Markers
	Deposits() Deposits
	InTx(ctx context.Context, fn func(tx Store) error) error
}

// Handlers handle the jobs.
type Handlers struct {
	Store Store
}

func (h *Handlers) capture(ctx context.Context, tx Store, id string) error {
	if err := tx.Deposits().Capture(ctx, id, 100); err != nil {
		return err
	}
	return tx.Deposits().Charge(ctx, id, 100)
}

// Capture checks the job's mark on the pool, captures in a unit of
// work, then marks the job done on the pool: two deliveries at once
// both pass the check.
func (h *Handlers) Capture(ctx context.Context, t *asynq.Task) error {
	key := t.ResultWriter().TaskID()
	done, err := h.Store.Markers().Done(ctx, key)
	if err != nil || done {
		return err
	}
	if err := h.Store.InTx(ctx, func(tx Store) error { return h.capture(ctx, tx, string(t.Payload())) }); err != nil {
		return err
	}
	return h.Store.Markers().Mark(ctx, key, time.Now())
}

// CaptureOnce checks and marks the job in the unit of work that
// captures.
func (h *Handlers) CaptureOnce(ctx context.Context, t *asynq.Task) error {
	key := t.ResultWriter().TaskID()
	return h.Store.InTx(ctx, func(tx Store) error {
		done, err := tx.Markers().Done(ctx, key)
		if err != nil || done {
			return err
		}
		if err := h.capture(ctx, tx, string(t.Payload())); err != nil {
			return err
		}
		return tx.Markers().Mark(ctx, key, time.Now())
	})
}

// Follow reads the feed's position, captures in a unit of work, then
// moves the position: a cursor, no mark of a job.
func (h *Handlers) Follow(ctx context.Context, t *asynq.Task) error {
	pos, err := h.Store.Markers().Position(ctx, "deposits")
	if err != nil {
		return err
	}
	if err := h.Store.InTx(ctx, func(tx Store) error { return h.capture(ctx, tx, string(t.Payload())) }); err != nil {
		return err
	}
	return h.Store.Markers().Move(ctx, "deposits", pos+1)
}

// Register registers the handlers.
func Register(mux *asynq.ServeMux, h *Handlers) {
	mux.HandleFunc("deposit:capture", h.Capture)
	mux.HandleFunc("deposit:capture-once", h.CaptureOnce)
	mux.HandleFunc("deposit:follow", h.Follow)
}

