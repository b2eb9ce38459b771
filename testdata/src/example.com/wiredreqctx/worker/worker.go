// Package worker runs the refunds that a job asks for.
package worker

import (
	"context"

	"example.com/wiredreqctx/app"

	"github.com/riverqueue/river"
)

// NoteArgs asks for a credit note.
type NoteArgs struct{ Instalment string }

// Kind names the job.
func (NoteArgs) Kind() string { return "note" }

// NoteWorker issues a credit note per job, through the service an HTTP
// route runs too: the job's ID, not a request's key, names its note.
type NoteWorker struct {
	river.WorkerDefaults[NoteArgs]
	Svc *app.Service
}

// Work issues the note.
func (w *NoteWorker) Work(ctx context.Context, job *river.Job[NoteArgs]) error {
	return w.Svc.IssueNote(ctx, job.Args.Instalment)
}
