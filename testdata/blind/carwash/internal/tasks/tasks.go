// Package tasks defines the asynq task types, their payloads and small
// generic helpers used to enqueue and decode them.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Task type names.
const (
	TypeBayActivate        = "bay:activate"
	TypeLoyaltyAward       = "loyalty:award"
	TypeRefundProcess      = "refund:process"
	TypeSubscriptionCharge = "billing:subscription_charge"
	TypeFleetInvoice       = "billing:fleet_invoice"
	TypeSendSMS            = "notify:sms"
)

// Queue names. The worker weights them so bay activations, which a customer
// is waiting for in the car, are never stuck behind a billing run.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueBilling  = "billing"
)

// BayActivatePayload starts a member activation on its bay.
type BayActivatePayload struct {
	ActivationID uuid.UUID `json:"activation_id"`
}

// LoyaltyAwardPayload awards points for a completed wash.
type LoyaltyAwardPayload struct {
	WashID uuid.UUID `json:"wash_id"`
}

// RefundProcessPayload sends a pending refund to the card processor.
type RefundProcessPayload struct {
	RefundID uuid.UUID `json:"refund_id"`
}

// SubscriptionChargePayload bills one subscription period.
type SubscriptionChargePayload struct {
	ChargeID uuid.UUID `json:"charge_id"`
}

// FleetInvoicePayload builds (and, with autopay, collects) one fleet invoice.
type FleetInvoicePayload struct {
	AccountID uuid.UUID `json:"account_id"`
	Period    string    `json:"period"`
}

// SendSMSPayload is a text message to deliver. Reference is passed to the
// SMS provider as its dedup reference.
type SendSMSPayload struct {
	To        string `json:"to"`
	Body      string `json:"body"`
	Reference string `json:"reference"`
}

// Enqueuer is the part of *asynq.Client that services use.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// Enqueue encodes payload and enqueues it as a task of type typ. A task ID
// conflict means the same task is already queued or retained, which callers
// treat as success.
func Enqueue[T any](ctx context.Context, q Enqueuer, typ string, payload T, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("encode %s payload: %w", typ, err)
	}
	_, err = q.EnqueueContext(ctx, asynq.NewTask(typ, b), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", typ, err)
	}
	return nil
}

// Decode decodes a task payload. Malformed payloads are wrapped with
// asynq.SkipRetry because retrying them cannot succeed.
func Decode[T any](t *asynq.Task) (T, error) {
	var p T
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("decode %s payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}
