// Package queue defines the asynq task types, their payloads and the
// enqueuer the services use.
package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"

	"github.com/stenoline-legal/depobook/internal/config"
)

const (
	TypeAssignReporter    = "booking:assign_reporter"
	TypeBookingConfirm    = "booking:confirm"
	TypeRushAlert         = "booking:rush_alert"
	TypeDeliverTranscript = "transcript:deliver"
	TypeGenerateInvoice   = "invoice:generate"
	TypeAutocharge        = "invoice:autocharge"
	TypeClosePayroll      = "payroll:close_period"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueBatch    = "batch"
)

type BookingPayload struct {
	BookingID string `json:"booking_id"`
}

type RushAlertPayload struct {
	BookingID      string `json:"booking_id"`
	TurnaroundDays int    `json:"turnaround_days"`
}

type DeliverPayload struct {
	TranscriptID string `json:"transcript_id"`
	Version      int    `json:"version"`
	// Force re-sends a version the portal already has (manual redelivery).
	Force bool `json:"force,omitempty"`
}

type PayrollPayload struct {
	// Period is an ISO week such as "2026-W07"; empty means last week.
	Period string `json:"period,omitempty"`
}

type AutochargePayload struct {
	Limit int `json:"limit,omitempty"`
}

// Enqueuer is what services use to schedule background work.
type Enqueuer interface {
	Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error
}

// Client wraps asynq.Client.
type Client struct {
	c *asynq.Client
}

func NewClient(lc fx.Lifecycle, cfg config.Config) *Client {
	c := asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr})
	lc.Append(fx.StopHook(c.Close))
	return &Client{c: c}
}

func (c *Client) Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s payload: %w", typ, err)
	}
	opts = append(defaultOptions(typ), opts...)
	if _, err := c.c.EnqueueContext(ctx, asynq.NewTask(typ, b), opts...); err != nil {
		return fmt.Errorf("enqueue %s: %w", typ, err)
	}
	return nil
}

// IgnoreDuplicate treats "already enqueued" as success.
func IgnoreDuplicate(err error) error {
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

func defaultOptions(typ string) []asynq.Option {
	switch typ {
	case TypeRushAlert, TypeAssignReporter:
		return []asynq.Option{asynq.Queue(QueueCritical), asynq.MaxRetry(8), asynq.Retention(24 * time.Hour)}
	case TypeAutocharge, TypeClosePayroll:
		return []asynq.Option{asynq.Queue(QueueBatch), asynq.MaxRetry(5), asynq.Timeout(30 * time.Minute)}
	default:
		return []asynq.Option{asynq.Queue(QueueDefault), asynq.MaxRetry(12), asynq.Retention(72 * time.Hour)}
	}
}

// Decode unmarshals a task payload.
func Decode[P any](t *asynq.Task) (P, error) {
	var p P
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}

var Module = fx.Module("queue",
	fx.Provide(
		NewClient,
		func(c *Client) Enqueuer { return c },
	),
)
