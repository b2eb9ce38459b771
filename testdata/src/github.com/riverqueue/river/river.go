// Package river is a stub of github.com/riverqueue/river v0.51.2 for analysistest.
package river

import (
	"context"
	"time"

	"github.com/riverqueue/river/rivertype"
)

type JobArgs interface {
	Kind() string
}

type Job[T JobArgs] struct {
	*rivertype.JobRow

	Args T
}

type Worker[T JobArgs] interface {
	Middleware(job *rivertype.JobRow) []rivertype.WorkerMiddleware
	NextRetry(job *Job[T]) time.Time
	Timeout(job *Job[T]) time.Duration
	Work(ctx context.Context, job *Job[T]) error
}

type WorkerDefaults[T JobArgs] struct{}

func (w WorkerDefaults[T]) Middleware(*rivertype.JobRow) []rivertype.WorkerMiddleware { return nil }
func (w WorkerDefaults[T]) NextRetry(*Job[T]) time.Time                               { return time.Time{} }
func (w WorkerDefaults[T]) Timeout(*Job[T]) time.Duration                             { return 0 }

type Workers struct{}

func NewWorkers() *Workers                                                 { return &Workers{} }
func AddWorker[T JobArgs](workers *Workers, worker Worker[T])              {}
func AddWorkerSafely[T JobArgs](workers *Workers, worker Worker[T]) error  { return nil }
func WorkFunc[T JobArgs](f func(context.Context, *Job[T]) error) Worker[T] { return nil }

type UniqueOpts struct {
	ByArgs   bool
	ByPeriod time.Duration
	ByQueue  bool
	ByState  []rivertype.JobState
}

type InsertOpts struct {
	MaxAttempts int
	Priority    int
	Queue       string
	ScheduledAt time.Time
	Tags        []string
	UniqueOpts  UniqueOpts
}

type JobArgsWithInsertOpts interface {
	InsertOpts() InsertOpts
}

// Client is generic over the driver's tx type; NewClient (needs riverdriver) is omitted.
type Client[TTx any] struct{}

func (c *Client[TTx]) Start(ctx context.Context) error { return nil }
func (c *Client[TTx]) Stop(ctx context.Context) error  { return nil }
func (c *Client[TTx]) Insert(ctx context.Context, args JobArgs, opts *InsertOpts) (*rivertype.JobInsertResult, error) {
	return nil, nil
}
func (c *Client[TTx]) InsertTx(ctx context.Context, tx TTx, args JobArgs, opts *InsertOpts) (*rivertype.JobInsertResult, error) {
	return nil, nil
}

type InsertManyParams struct {
	Args       JobArgs
	InsertOpts *InsertOpts
}

func (c *Client[TTx]) InsertMany(ctx context.Context, params []InsertManyParams) ([]*rivertype.JobInsertResult, error) {
	return nil, nil
}
func (c *Client[TTx]) InsertManyTx(ctx context.Context, tx TTx, params []InsertManyParams) ([]*rivertype.JobInsertResult, error) {
	return nil, nil
}
