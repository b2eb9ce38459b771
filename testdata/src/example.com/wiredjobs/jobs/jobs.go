// Package jobs declares the program's jobs and the part of river's
// client its services use.
package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// TxInserter inserts jobs in a transaction.
type TxInserter interface {
	InsertTx(ctx context.Context, tx any, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Inserter inserts jobs, in a transaction or not.
type Inserter interface {
	TxInserter
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// ReminderArgs are unique by every field, the time of the request
// among them.
type ReminderArgs struct {
	BookingID   string    `json:"booking_id"`
	RequestedAt time.Time `json:"requested_at"`
}

func (ReminderArgs) Kind() string { return "reminder" }

func (ReminderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: "notifications", UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// SweepArgs start a sweep.
type SweepArgs struct{}

func (SweepArgs) Kind() string { return "sweep" }

// Queue inserts jobs with river's client, and logs them.
type Queue struct {
	Client *river.Client[any]
}

func (q *Queue) InsertTx(ctx context.Context, tx any, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	return q.Client.InsertTx(ctx, tx, args, opts)
}

func (q *Queue) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	return q.Client.Insert(ctx, args, opts)
}
