// Package tasks defines the asynq task types and the producer used by the
// API and the stream consumers.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Task types.
const (
	TypeDepositAuthorize = "deposit:authorize"
	TypeDepositRelease   = "deposit:release"
	TypeScheduleReturn   = "courier:schedule-return"
	TypeBookingReminder  = "booking:reminder"
	TypePayoutRelease    = "payout:release"
	TypeBookingsSweep    = "bookings:sweep"
	TypeClaimReview      = "claim:review"
)

// Queues.
const (
	QueuePayments = "payments"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// BookingPayload is used by tasks that act on one booking.
type BookingPayload struct {
	BookingID string `json:"booking_id"`
}

// DepositPayload is used by deposit tasks.
type DepositPayload struct {
	DepositID string `json:"deposit_id"`
}

// PayoutPayload is used by payout tasks.
type PayoutPayload struct {
	PayoutID string `json:"payout_id"`
}

// ClaimPayload is used by claim tasks.
type ClaimPayload struct {
	ClaimID string `json:"claim_id"`
}

// Decode unmarshals a task payload.
func Decode[P any](t *asynq.Task) (P, error) {
	var p P
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("decode %s payload: %w: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}

// Enqueuer is the producer side of the task queue.
type Enqueuer interface {
	DepositAuthorize(ctx context.Context, bookingID string) error
	DepositRelease(ctx context.Context, depositID string) error
	ScheduleReturn(ctx context.Context, bookingID string) error
	BookingReminder(ctx context.Context, bookingID string) error
	PayoutRelease(ctx context.Context, payoutID string) error
	ClaimReview(ctx context.Context, claimID string, opts ...Option) error
}

// Option adjusts how a single task is enqueued.
type Option func(*[]asynq.Option)

// WithTaskID sets the asynq task ID.
func WithTaskID(id string) Option {
	return func(o *[]asynq.Option) { *o = append(*o, asynq.TaskID(id)) }
}

// WithDelay delays processing.
func WithDelay(d time.Duration) Option {
	return func(o *[]asynq.Option) { *o = append(*o, asynq.ProcessIn(d)) }
}

type asynqEnqueuer struct {
	client *asynq.Client
}

// NewEnqueuer returns the asynq-backed producer.
func NewEnqueuer(c *asynq.Client) Enqueuer {
	return &asynqEnqueuer{client: c}
}

// enqueue marshals p and enqueues it. A task that already exists under the
// same ID or uniqueness lock counts as enqueued.
func enqueue[P any](ctx context.Context, c *asynq.Client, typ string, p P, opts ...asynq.Option) error {
	b, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("encode %s: %w", typ, err)
	}
	_, err = c.EnqueueContext(ctx, asynq.NewTask(typ, b), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", typ, err)
	}
	return nil
}

func (e *asynqEnqueuer) DepositAuthorize(ctx context.Context, bookingID string) error {
	return enqueue(ctx, e.client, TypeDepositAuthorize, BookingPayload{BookingID: bookingID},
		asynq.TaskID("deposit-auth:"+bookingID),
		asynq.Queue(QueuePayments),
		asynq.MaxRetry(12),
		asynq.Retention(72*time.Hour))
}

func (e *asynqEnqueuer) DepositRelease(ctx context.Context, depositID string) error {
	return enqueue(ctx, e.client, TypeDepositRelease, DepositPayload{DepositID: depositID},
		asynq.TaskID("deposit-release:"+depositID),
		asynq.Queue(QueuePayments),
		asynq.ProcessIn(48*time.Hour),
		asynq.Retention(7*24*time.Hour))
}

func (e *asynqEnqueuer) ScheduleReturn(ctx context.Context, bookingID string) error {
	return enqueue(ctx, e.client, TypeScheduleReturn, BookingPayload{BookingID: bookingID},
		asynq.TaskID("return:"+bookingID),
		asynq.MaxRetry(8),
		asynq.Retention(72*time.Hour))
}

func (e *asynqEnqueuer) BookingReminder(ctx context.Context, bookingID string) error {
	return enqueue(ctx, e.client, TypeBookingReminder, BookingPayload{BookingID: bookingID},
		asynq.Unique(24*time.Hour),
		asynq.Queue(QueueLow),
		asynq.MaxRetry(5))
}

func (e *asynqEnqueuer) PayoutRelease(ctx context.Context, payoutID string) error {
	return enqueue(ctx, e.client, TypePayoutRelease, PayoutPayload{PayoutID: payoutID},
		asynq.TaskID("payout:"+payoutID),
		asynq.Queue(QueuePayments),
		asynq.MaxRetry(10),
		asynq.Timeout(2*time.Minute),
		asynq.Retention(7*24*time.Hour))
}

func (e *asynqEnqueuer) ClaimReview(ctx context.Context, claimID string, opts ...Option) error {
	aopts := []asynq.Option{asynq.Queue(QueueDefault), asynq.MaxRetry(5)}
	for _, o := range opts {
		o(&aopts)
	}
	return enqueue(ctx, e.client, TypeClaimReview, ClaimPayload{ClaimID: claimID}, aopts...)
}
