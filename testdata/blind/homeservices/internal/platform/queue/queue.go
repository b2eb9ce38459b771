// Package queue wraps asynq for background tasks.
package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/tradeloop/homeservices/internal/config"
)

// Task types.
const (
	TypeCaptureDeposit      = "payment:capture_deposit"
	TypeRefund              = "payment:refund"
	TypePayoutTransfer      = "payout:transfer"
	TypeAppointmentReminder = "notify:appointment_reminder"
	TypeSubmitWarrantyClaim = "warranty:submit_claim"
	TypeEscalateDispatch    = "dispatch:escalate"
	TypeReleaseExpiredHolds = "holds:release_expired"
	TypeSendInvoice         = "invoice:send"
)

// Queue names.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// ProviderSet provides the asynq client and the Enqueuer.
var ProviderSet = wire.NewSet(RedisOpt, NewClient, NewEnqueuer, wire.Bind(new(Enqueuer), new(*AsynqEnqueuer)))

// RedisOpt converts config to an asynq connection option.
func RedisOpt(cfg config.Redis) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.Addr, Password: cfg.Password}
}

// NewClient opens an asynq client.
func NewClient(opt asynq.RedisClientOpt) (*asynq.Client, func()) {
	c := asynq.NewClient(opt)
	return c, func() { _ = c.Close() }
}

// Enqueuer enqueues background tasks.
type Enqueuer interface {
	Enqueue(ctx context.Context, task *asynq.Task, opts ...Option) error
}

type enqueueOptions struct {
	dedupKey  string
	queue     string
	delay     time.Duration
	maxRetry  int
	retention time.Duration
}

// Option customises an enqueue.
type Option func(*enqueueOptions)

// WithDedupKey sets the asynq task ID. A second enqueue with the same key
// while the task is pending or retained is dropped.
func WithDedupKey(key string) Option { return func(o *enqueueOptions) { o.dedupKey = key } }

// WithQueue routes the task to a named queue.
func WithQueue(q string) Option { return func(o *enqueueOptions) { o.queue = q } }

// WithDelay processes the task after d.
func WithDelay(d time.Duration) Option { return func(o *enqueueOptions) { o.delay = d } }

// WithMaxRetry overrides the retry budget.
func WithMaxRetry(n int) Option { return func(o *enqueueOptions) { o.maxRetry = n } }

// WithRetention keeps the completed task (and its ID) around for d.
func WithRetention(d time.Duration) Option { return func(o *enqueueOptions) { o.retention = d } }

// AsynqEnqueuer implements Enqueuer.
type AsynqEnqueuer struct {
	client *asynq.Client
}

// NewEnqueuer builds an AsynqEnqueuer.
func NewEnqueuer(c *asynq.Client) *AsynqEnqueuer { return &AsynqEnqueuer{client: c} }

// Enqueue implements Enqueuer. A task ID conflict means the task is already
// queued and is reported as success.
func (e *AsynqEnqueuer) Enqueue(ctx context.Context, task *asynq.Task, opts ...Option) error {
	o := enqueueOptions{queue: QueueDefault, maxRetry: 12}
	for _, fn := range opts {
		fn(&o)
	}
	aopts := []asynq.Option{asynq.Queue(o.queue), asynq.MaxRetry(o.maxRetry)}
	if o.dedupKey != "" {
		aopts = append(aopts, asynq.TaskID(o.dedupKey))
	}
	if o.delay > 0 {
		aopts = append(aopts, asynq.ProcessIn(o.delay))
	}
	if o.retention > 0 {
		aopts = append(aopts, asynq.Retention(o.retention))
	}
	_, err := e.client.EnqueueContext(ctx, task, aopts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("queue: enqueue %s: %w", task.Type(), err)
	}
	return nil
}

// NewTask marshals payload into a task of the given type.
func NewTask[P any](typ string, payload P) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("queue: marshal %s: %w", typ, err)
	}
	return asynq.NewTask(typ, b), nil
}

// Decode unmarshals a task payload; malformed payloads are not retried.
func Decode[P any](t *asynq.Task) (P, error) {
	var p P
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("queue: decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}
