package tasks

import (
	"context"
	"errors"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Inserter is the part of *river.Client the services use.
type Inserter interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// ClientRef lets services be constructed before the River client exists (the
// worker process needs the services to build its workers, and the workers to
// build the client).
type ClientRef struct {
	c atomic.Pointer[river.Client[pgx.Tx]]
}

// Set installs the client.
func (r *ClientRef) Set(c *river.Client[pgx.Tx]) { r.c.Store(c) }

var errNoClient = errors.New("tasks: river client not set")

func (r *ClientRef) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	c := r.c.Load()
	if c == nil {
		return nil, errNoClient
	}
	return c.Insert(ctx, args, opts)
}

func (r *ClientRef) InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	c := r.c.Load()
	if c == nil {
		return nil, errNoClient
	}
	return c.InsertTx(ctx, tx, args, opts)
}
