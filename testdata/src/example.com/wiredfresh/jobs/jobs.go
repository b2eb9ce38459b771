// Package jobs registers river workers made from plain functions, each
// a literal that captures the dependencies it is given at start-up.
package jobs

import (
	"context"

	"example.com/wiredfresh/settle"
	"github.com/riverqueue/river"
)

type funcWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	fn func(ctx context.Context, args T) error
}

func (w *funcWorker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	return w.fn(ctx, job.Args)
}

func handle[T river.JobArgs](fn func(ctx context.Context, args T) error) river.Worker[T] {
	return &funcWorker[T]{fn: fn}
}

// CaptureArgs captures a pledge.
type CaptureArgs struct {
	PledgeID, CampaignID string
	Cents                int64
}

func (CaptureArgs) Kind() string { return "capture" }

// CancelArgs cancels a pledge.
type CancelArgs struct{ PledgeID string }

func (CancelArgs) Kind() string { return "cancel" }

// NoteArgs notes a pledge; NoteID names the note when it is set.
type NoteArgs struct{ NoteID, PledgeID, Body string }

func (NoteArgs) Kind() string { return "note" }

// Deps are what the workers run on.
type Deps struct {
	Workers *river.Workers
	Settle  settle.UseCase
	Notes   *settle.Service
}

// Register adds the workers.
func Register(d Deps) {
	river.AddWorker(d.Workers, handle(func(ctx context.Context, a CaptureArgs) error {
		return d.Settle.Capture(ctx, a.PledgeID, a.CampaignID, a.Cents)
	}))
	river.AddWorker(d.Workers, handle(func(ctx context.Context, a CancelArgs) error {
		return d.Settle.Cancel(ctx, a.PledgeID)
	}))
	river.AddWorker(d.Workers, handle(func(ctx context.Context, a NoteArgs) error {
		if a.NoteID != "" {
			_, err := d.Notes.NoteAs(ctx, a.NoteID, a.PledgeID, a.Body)
			return err
		}
		_, err := d.Notes.Note(ctx, a.PledgeID, a.Body)
		return err
	}))
}
