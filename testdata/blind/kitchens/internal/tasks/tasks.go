// Package tasks defines the background task types, their payloads and the
// asynq-backed enqueuer used by the API and other producers.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Task type names. The worker registers one handler per name.
const (
	TypeDepositAuthorize    = "deposit:authorize"
	TypeDepositRelease      = "deposit:release"
	TypeBookingConfirmation = "booking:confirmation"
	TypeBookingReminder     = "booking:reminder"
	TypeBookingComplete     = "booking:complete"
	TypeCleaningDispatch    = "cleaning:dispatch"
	TypeDamageCapture       = "damage:capture"
	TypePaymentReceipt      = "payment:receipt"
	TypePayoutHost          = "payout:host"
)

// Queue names, highest priority first.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// Queues is the asynq queue priority map used by the worker.
var Queues = map[string]int{
	QueueCritical: 6,
	QueueDefault:  3,
	QueueLow:      1,
}

// BookingPayload identifies a booking.
type BookingPayload struct {
	BookingID string `json:"booking_id"`
}

// DepositPayload identifies a deposit.
type DepositPayload struct {
	DepositID string `json:"deposit_id"`
}

// DamageCapturePayload identifies a filed damage claim.
type DamageCapturePayload struct {
	ClaimID string `json:"claim_id"`
}

// ReceiptPayload carries what the receipt email needs.
type ReceiptPayload struct {
	EventID     string `json:"event_id"`
	ChargeID    string `json:"charge_id"`
	BookingID   string `json:"booking_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

// PayoutPayload identifies a scheduled payout.
type PayoutPayload struct {
	PayoutID string `json:"payout_id"`
}

// Enqueuer publishes tasks to asynq. Every task gets a TaskID derived
// from the entity it acts on, so enqueueing the same work twice while the
// first task is still queued or retained is a no-op.
type Enqueuer struct {
	client    *asynq.Client
	retention time.Duration
}

// NewEnqueuer wraps an asynq client.
func NewEnqueuer(client *asynq.Client) *Enqueuer {
	return &Enqueuer{client: client, retention: 7 * 24 * time.Hour}
}

func (e *Enqueuer) enqueue(ctx context.Context, typ, taskID string, payload any, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("tasks: encode %s: %w", typ, err)
	}
	opts = append(opts, asynq.TaskID(taskID), asynq.Retention(e.retention))
	_, err = e.client.EnqueueContext(ctx, asynq.NewTask(typ, b), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("tasks: enqueue %s: %w", typ, err)
	}
	return nil
}

func (e *Enqueuer) DepositAuthorize(ctx context.Context, bookingID string) error {
	return e.enqueue(ctx, TypeDepositAuthorize, "deposit-authorize:"+bookingID,
		BookingPayload{BookingID: bookingID}, asynq.Queue(QueueCritical), asynq.MaxRetry(10))
}

func (e *Enqueuer) DepositRelease(ctx context.Context, depositID string) error {
	return e.enqueue(ctx, TypeDepositRelease, "deposit-release:"+depositID,
		DepositPayload{DepositID: depositID}, asynq.Queue(QueueCritical), asynq.MaxRetry(20))
}

func (e *Enqueuer) BookingConfirmation(ctx context.Context, bookingID string) error {
	return e.enqueue(ctx, TypeBookingConfirmation, "booking-confirmation:"+bookingID,
		BookingPayload{BookingID: bookingID}, asynq.Queue(QueueDefault))
}

func (e *Enqueuer) BookingReminder(ctx context.Context, bookingID string, at time.Time) error {
	return e.enqueue(ctx, TypeBookingReminder, "booking-reminder:"+bookingID,
		BookingPayload{BookingID: bookingID}, asynq.Queue(QueueLow), asynq.ProcessAt(at))
}

func (e *Enqueuer) BookingComplete(ctx context.Context, bookingID string, at time.Time) error {
	return e.enqueue(ctx, TypeBookingComplete, "booking-complete:"+bookingID,
		BookingPayload{BookingID: bookingID}, asynq.Queue(QueueDefault), asynq.ProcessAt(at))
}

func (e *Enqueuer) CleaningDispatch(ctx context.Context, bookingID string) error {
	return e.enqueue(ctx, TypeCleaningDispatch, "cleaning-dispatch:"+bookingID,
		BookingPayload{BookingID: bookingID}, asynq.Queue(QueueCritical), asynq.MaxRetry(8))
}

func (e *Enqueuer) DamageCapture(ctx context.Context, claimID string) error {
	return e.enqueue(ctx, TypeDamageCapture, "damage-capture:"+claimID,
		DamageCapturePayload{ClaimID: claimID}, asynq.Queue(QueueCritical), asynq.MaxRetry(10))
}

func (e *Enqueuer) PaymentReceipt(ctx context.Context, p ReceiptPayload) error {
	return e.enqueue(ctx, TypePaymentReceipt, "payment-receipt:"+p.EventID, p, asynq.Queue(QueueLow))
}

func (e *Enqueuer) PayoutHost(ctx context.Context, payoutID string) error {
	return e.enqueue(ctx, TypePayoutHost, "payout-host:"+payoutID,
		PayoutPayload{PayoutID: payoutID}, asynq.Queue(QueueDefault), asynq.MaxRetry(12), asynq.Timeout(2*time.Minute))
}
