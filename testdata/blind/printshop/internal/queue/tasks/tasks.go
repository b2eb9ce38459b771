// Package tasks defines the asynq task types used by printshop, their
// payloads, and a small typed-handler layer on top of asynq.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

const (
	TypeOrderCharge       = "order:charge"
	TypePrintSubmit       = "print:submit"
	TypeMerchantWebhook   = "merchant:webhook"
	TypeWalletAutoTopup   = "wallet:auto-topup"
	TypeWalletLowBalance  = "wallet:low-balance-alert"
	TypeLabelRequest      = "label:request"
	TypeLabelReturn       = "label:return"
	TypeStatementsMonthly = "statement:monthly"
	TypePrintReconcile    = "print:reconcile"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

type OrderChargePayload struct {
	OrderID string `json:"order_id"`
}

type PrintSubmitPayload struct {
	PrintJobID string `json:"print_job_id"`
}

type MerchantWebhookPayload struct {
	DeliveryID string `json:"delivery_id"`
}

type WalletAutoTopupPayload struct {
	MerchantID string `json:"merchant_id"`
	Trigger    string `json:"trigger"`
}

type WalletLowBalancePayload struct {
	MerchantID   string `json:"merchant_id"`
	BalanceCents int64  `json:"balance_cents"`
}

type LabelRequestPayload struct {
	PrintJobID string `json:"print_job_id"`
}

type LabelReturnPayload struct {
	OrderID string `json:"order_id"`
	Reason  string `json:"reason"`
}

type StatementsMonthlyPayload struct {
	// Period is YYYY-MM; empty means the previous calendar month.
	Period string `json:"period,omitempty"`
}

type PrintReconcilePayload struct {
	Facility string `json:"facility"`
}

// New builds an asynq task with a JSON payload.
func New[T any](typ string, payload T, opts ...asynq.Option) (*asynq.Task, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("tasks: encode %s: %w", typ, err)
	}
	return asynq.NewTask(typ, raw, opts...), nil
}

// Enqueuer is what services use to schedule background work.
type Enqueuer interface {
	Enqueue(ctx context.Context, t *asynq.Task, opts ...asynq.Option) error
}

type asynqEnqueuer struct {
	client *asynq.Client
}

func NewEnqueuer(client *asynq.Client) Enqueuer { return &asynqEnqueuer{client: client} }

// Enqueue treats a TaskID collision as success: the task is already queued.
func (e *asynqEnqueuer) Enqueue(ctx context.Context, t *asynq.Task, opts ...asynq.Option) error {
	_, err := e.client.EnqueueContext(ctx, t, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// EnqueueJSON is the common New + Enqueue pair.
func EnqueueJSON[T any](ctx context.Context, e Enqueuer, typ string, payload T, opts ...asynq.Option) error {
	t, err := New(typ, payload)
	if err != nil {
		return err
	}
	return e.Enqueue(ctx, t, opts...)
}

// Retention keeps completed tasks around so that TaskID de-duplication also
// covers redeliveries that arrive shortly after completion.
func Retention() asynq.Option { return asynq.Retention(24 * time.Hour) }
