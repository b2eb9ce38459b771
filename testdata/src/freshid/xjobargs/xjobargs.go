// Package xjobargs declares jobs whose options another package reads.
package xjobargs

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Inserter is the part of river's client the program uses.
type Inserter interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// ReminderArgs are unique by all their fields, the time they were
// requested among them.
type ReminderArgs struct {
	BookingID   string    `json:"booking_id"`
	RequestedAt time.Time `json:"requested_at"`
}

func (ReminderArgs) Kind() string { return "reminder" }
func (ReminderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: "n", MaxAttempts: 6, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// NoticeArgs are not unique.
type NoticeArgs struct {
	BookingID   string    `json:"booking_id"`
	RequestedAt time.Time `json:"requested_at"`
}

func (NoticeArgs) Kind() string { return "notice" }

func (NoticeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: "n"}
}

// Queue inserts jobs with a client.
type Queue struct{ C *river.Client[any] }

func (q *Queue) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	return q.C.Insert(ctx, args, opts)
}
