// Package ports declares the small infrastructure interfaces every service
// depends on, so each service package only declares its own storage needs.
package ports

import (
	"context"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

// TxRunner runs fn in a transaction carried by ctx (see package tx).
type TxRunner interface {
	Run(ctx context.Context, fn func(ctx context.Context) error) error
}

// Enqueuer inserts River jobs, on the context's transaction when it has one.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// Notifications stores outbound texts for the notify.sms job.
type Notifications interface {
	Add(ctx context.Context, phone, body, ref string) (uuid.UUID, error)
}

// Texter sends a text message right away.
type Texter interface {
	Send(ctx context.Context, to, body string) (string, error)
}
