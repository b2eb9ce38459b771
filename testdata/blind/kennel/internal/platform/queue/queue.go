// Package queue wraps the River client used for background work.
package queue

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/uptrace/bun"
)

// Client is the River client over database/sql, so its transactions are the
// same *sql.Tx that bun uses.
type Client = river.Client[*sql.Tx]

// Queue names.
const (
	QueueDefault  = river.QueueDefault
	QueuePayments = "payments"
	QueueSMS      = "sms"
	QueueVendor   = "vendor"
	QueueNightly  = "nightly"
)

// Options configure a client.
type Options struct {
	Workers      *river.Workers
	PeriodicJobs []*river.PeriodicJob
	Concurrency  int
	Logger       *slog.Logger
}

// NewClient builds a River client. Without workers the client can only insert.
func NewClient(db *sql.DB, opts Options) (*Client, error) {
	cfg := &river.Config{Logger: opts.Logger}
	if opts.Workers != nil {
		n := opts.Concurrency
		if n <= 0 {
			n = 10
		}
		cfg.Workers = opts.Workers
		cfg.PeriodicJobs = opts.PeriodicJobs
		cfg.Queues = map[string]river.QueueConfig{
			QueueDefault:  {MaxWorkers: n},
			QueuePayments: {MaxWorkers: max(2, n/4)},
			QueueSMS:      {MaxWorkers: max(2, n/2)},
			QueueVendor:   {MaxWorkers: max(2, n/4)},
			QueueNightly:  {MaxWorkers: 2},
		}
	}
	c, err := river.NewClient(riverdatabasesql.New(db), cfg)
	if err != nil {
		return nil, fmt.Errorf("river client: %w", err)
	}
	return c, nil
}

// Enqueuer inserts background jobs. InsertTx commits the job with the
// caller's transaction.
type Enqueuer interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error)
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (bool, error)
}

// RiverEnqueuer is the Enqueuer backed by a River client. It is constructed
// before the client in processes whose workers enqueue follow-up jobs, and
// bound once the client exists.
type RiverEnqueuer struct {
	mu     sync.RWMutex
	client *Client
}

// NewEnqueuer returns an unbound enqueuer.
func NewEnqueuer() *RiverEnqueuer { return &RiverEnqueuer{} }

// Bind attaches the client.
func (e *RiverEnqueuer) Bind(c *Client) {
	e.mu.Lock()
	e.client = c
	e.mu.Unlock()
}

func (e *RiverEnqueuer) get() (*Client, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	if e.client == nil {
		return nil, errors.New("queue: enqueuer not bound to a client")
	}
	return e.client, nil
}

// Insert enqueues outside any transaction. The bool reports whether a new
// job was inserted (false when a unique job already existed).
func (e *RiverEnqueuer) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error) {
	c, err := e.get()
	if err != nil {
		return false, err
	}
	res, err := c.Insert(ctx, args, opts)
	if err != nil {
		return false, err
	}
	return !res.UniqueSkippedAsDuplicate, nil
}

// InsertTx enqueues inside tx.
func (e *RiverEnqueuer) InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (bool, error) {
	c, err := e.get()
	if err != nil {
		return false, err
	}
	res, err := c.InsertTx(ctx, tx.Tx, args, opts)
	if err != nil {
		return false, err
	}
	return !res.UniqueSkippedAsDuplicate, nil
}
