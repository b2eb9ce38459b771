// Package tasks defines the asynq background jobs for invoicing, autopay and
// loyalty rebates: task types and payloads, the enqueuer used by services,
// and the worker handlers.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/ironkettle/taproute/internal/config"
	"github.com/ironkettle/taproute/internal/platform/ids"
)

// Task type names.
const (
	TypeInvoiceGenerate = "invoice:generate"
	TypeInvoiceSend     = "invoice:send"
	TypeInvoiceCollect  = "invoice:collect"
	TypeAutopaySweep    = "autopay:sweep"
	TypeRebateAccrue    = "rebate:accrue"
	TypeRebateCredit    = "rebate:credit"
)

// Queues, by priority.
const (
	QueueBilling = "billing"
	QueueMail    = "mail"
	QueueDefault = "default"
)

// InvoicePayload names an order or invoice.
type InvoicePayload struct {
	OrderID   uuid.UUID `json:"order_id,omitempty"`
	InvoiceID uuid.UUID `json:"invoice_id,omitempty"`
	Reason    string    `json:"reason,omitempty"`
}

// CollectPayload names an invoice and the autopay business date.
type CollectPayload struct {
	InvoiceID uuid.UUID `json:"invoice_id"`
	RunDate   string    `json:"run_date"`
}

// SweepPayload is the autopay sweep's business date.
type SweepPayload struct {
	RunDate string `json:"run_date"`
}

// RebatePayload names an account and a month (accrual) or quarter (credit).
type RebatePayload struct {
	AccountID string `json:"account_id"`
	Month     string `json:"month,omitempty"`
	Quarter   string `json:"quarter,omitempty"`
}

func newTask(typ string, payload any, opts ...asynq.Option) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("marshal %s payload: %w", typ, err)
	}
	return asynq.NewTask(typ, b, opts...), nil
}

// NewClient opens the asynq client.
func NewClient(cfg config.Config) (*asynq.Client, func(), error) {
	c := asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr})
	return c, func() { _ = c.Close() }, nil
}

// Enqueuer puts jobs on the asynq queues.
type Enqueuer struct {
	client *asynq.Client
	newID  func() string
}

// NewEnqueuer constructs an Enqueuer.
func NewEnqueuer(client *asynq.Client) *Enqueuer {
	return &Enqueuer{client: client, newID: ids.NewXID}
}

// enqueue submits t; a TaskID conflict means the same job is already queued
// (or was recently completed and retained) and is treated as success.
func (e *Enqueuer) enqueue(ctx context.Context, t *asynq.Task, opts ...asynq.Option) error {
	_, err := e.client.EnqueueContext(ctx, t, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// GenerateInvoice queues invoice generation for a delivered order.
func (e *Enqueuer) GenerateInvoice(ctx context.Context, orderID uuid.UUID) error {
	t, err := newTask(TypeInvoiceGenerate, InvoicePayload{OrderID: orderID})
	if err != nil {
		return err
	}
	return e.enqueue(ctx, t,
		asynq.TaskID("invoice-generate:"+orderID.String()),
		asynq.Queue(QueueBilling), asynq.MaxRetry(12), asynq.Retention(72*time.Hour))
}

// SendInvoice queues the first send of a new invoice.
func (e *Enqueuer) SendInvoice(ctx context.Context, invoiceID uuid.UUID) error {
	t, err := newTask(TypeInvoiceSend, InvoicePayload{InvoiceID: invoiceID, Reason: "initial"})
	if err != nil {
		return err
	}
	return e.enqueue(ctx, t,
		asynq.TaskID("invoice-send:"+invoiceID.String()+":initial"),
		asynq.Queue(QueueMail), asynq.MaxRetry(8), asynq.Retention(7*24*time.Hour))
}

// ResendInvoice queues another send of an existing invoice. Resends are
// requested by people and each one is its own job.
func (e *Enqueuer) ResendInvoice(ctx context.Context, invoiceID uuid.UUID) error {
	t, err := newTask(TypeInvoiceSend, InvoicePayload{InvoiceID: invoiceID, Reason: "resend"})
	if err != nil {
		return err
	}
	return e.enqueue(ctx, t,
		asynq.TaskID("invoice-send:"+invoiceID.String()+":"+e.newID()),
		asynq.Queue(QueueMail), asynq.MaxRetry(8))
}

// CollectAutopay queues one autopay debit for an invoice on a business date.
func (e *Enqueuer) CollectAutopay(ctx context.Context, invoiceID uuid.UUID, runDate string) error {
	t, err := newTask(TypeInvoiceCollect, CollectPayload{InvoiceID: invoiceID, RunDate: runDate})
	if err != nil {
		return err
	}
	return e.enqueue(ctx, t,
		asynq.TaskID("invoice-collect:"+invoiceID.String()+":"+runDate),
		asynq.Queue(QueueBilling), asynq.MaxRetry(5), asynq.Retention(7*24*time.Hour))
}

// AccrueRebate queues a monthly rebate accrual.
func (e *Enqueuer) AccrueRebate(ctx context.Context, accountID, month string) error {
	t, err := newTask(TypeRebateAccrue, RebatePayload{AccountID: accountID, Month: month})
	if err != nil {
		return err
	}
	return e.enqueue(ctx, t,
		asynq.TaskID("rebate-accrue:"+accountID+":"+month),
		asynq.Queue(QueueDefault), asynq.MaxRetry(10))
}

// CreditRebate queues a quarterly rebate payout.
func (e *Enqueuer) CreditRebate(ctx context.Context, accountID, quarter string) error {
	t, err := newTask(TypeRebateCredit, RebatePayload{AccountID: accountID, Quarter: quarter})
	if err != nil {
		return err
	}
	return e.enqueue(ctx, t,
		asynq.TaskID("rebate-credit:"+accountID+":"+quarter),
		asynq.Queue(QueueBilling), asynq.MaxRetry(10), asynq.Retention(30*24*time.Hour))
}
