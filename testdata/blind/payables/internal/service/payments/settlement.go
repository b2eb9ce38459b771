package payments

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/notify"
	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/platform/ids"
	"github.com/northwind/payables/internal/repo"
)

// SettledEvent is relayed from the bank partner when a transfer settles.
type SettledEvent struct {
	EventID     string    `json:"event_id"`
	TransferID  string    `json:"transfer_id"`
	AmountMinor int64     `json:"amount"`
	Currency    string    `json:"currency"`
	SettledAt   time.Time `json:"settled_at"`
}

// FailedEvent is relayed from the bank partner when a transfer is rejected.
type FailedEvent struct {
	EventID    string    `json:"event_id"`
	TransferID string    `json:"transfer_id"`
	ReasonCode string    `json:"reason_code"`
	FailedAt   time.Time `json:"failed_at"`
}

// RemittanceRequested asks the remittance consumer to e-mail the supplier.
type RemittanceRequested struct {
	PaymentID string `json:"payment_id"`
	TenantID  string `json:"tenant_id"`
}

// Settlement applies payment outcomes to payments and invoices.
type Settlement interface {
	Settled(ctx context.Context, ev SettledEvent) error
	Failed(ctx context.Context, ev FailedEvent) error
}

type settlement struct {
	log      *slog.Logger
	tx       database.Transactor
	payments repo.PaymentRepo
	invoices repo.InvoiceRepo
	outbox   repo.OutboxRepo
	notifier notify.Publisher
	// retryable lists bank reason codes after which a payment is retried
	// automatically on the next business day.
	retryable map[string]bool
}

// NewSettlement returns the Settlement service.
func NewSettlement(log *slog.Logger, tx database.Transactor, payments repo.PaymentRepo, invoices repo.InvoiceRepo,
	outbox repo.OutboxRepo, notifier notify.Publisher) Settlement {
	return &settlement{
		log: log, tx: tx, payments: payments, invoices: invoices, outbox: outbox, notifier: notifier,
		retryable: map[string]bool{"AM04": true, "MS03": true, "TECH": true, "CUTOFF": true},
	}
}

func (s *settlement) lookup(ctx context.Context, transferID string) (domain.Payment, bool, error) {
	p, err := s.payments.GetByProviderRef(ctx, transferID)
	if errors.Is(err, database.ErrNotFound) {
		s.log.WarnContext(ctx, "event for unknown transfer", "transfer_id", transferID)
		return p, false, nil
	}
	return p, err == nil, err
}

func remittanceMessage(p domain.Payment) domain.OutboxMessage {
	payload, _ := json.Marshal(RemittanceRequested{PaymentID: p.ID, TenantID: p.TenantID})
	return domain.OutboxMessage{
		ID:          ids.DeriveString("remittance.requested", p.ID),
		Topic:       "remittance.requested",
		AggregateID: p.ID,
		TenantID:    p.TenantID,
		Payload:     payload,
	}
}

// Settled marks the payment settled, credits the invoice, asks for a
// remittance advice and notifies the tenant.
func (s *settlement) Settled(ctx context.Context, ev SettledEvent) error {
	p, ok, err := s.lookup(ctx, ev.TransferID)
	if err != nil || !ok {
		return err
	}
	if _, err := s.payments.MarkSettled(ctx, p.ID); err != nil {
		return fmt.Errorf("mark settled: %w", err)
	}
	if err := s.invoices.AddPaid(ctx, p.InvoiceID, p.AmountMinor); err != nil {
		return fmt.Errorf("credit invoice %s: %w", p.InvoiceID, err)
	}
	if err := s.outbox.Add(ctx, remittanceMessage(p)); err != nil {
		return err
	}
	return s.notifier.Publish(ctx, notify.NewEvent("payment.settled", p.TenantID, p.SupplierID, map[string]any{
		"payment_id": p.ID, "invoice_id": p.InvoiceID, "amount_minor": p.AmountMinor,
		"currency": p.Currency, "settled_at": ev.SettledAt,
	}))
}

// Failed marks the payment failed. For transient reason codes a new payment
// is scheduled for the next business day; otherwise the invoice is reopened.
func (s *settlement) Failed(ctx context.Context, ev FailedEvent) error {
	p, ok, err := s.lookup(ctx, ev.TransferID)
	if err != nil || !ok {
		return err
	}
	return s.tx.InTx(ctx, func(tx *sql.Tx) error {
		payments := s.payments.WithTx(tx)
		if _, err := payments.MarkFailed(ctx, p.ID, ev.ReasonCode); err != nil {
			return err
		}
		if !s.retryable[ev.ReasonCode] {
			return s.invoices.WithTx(tx).SetStatus(ctx, p.InvoiceID, domain.InvoiceApproved)
		}
		next := nextBusinessDay(ev.FailedAt)
		retry := domain.Payment{
			TenantID:     p.TenantID,
			InvoiceID:    p.InvoiceID,
			SupplierID:   p.SupplierID,
			Method:       p.Method,
			AmountMinor:  p.AmountMinor,
			Currency:     p.Currency,
			ScheduledFor: next,
			RetryOf:      p.ID,
		}
		if err := payments.Insert(ctx, &retry); err != nil {
			return fmt.Errorf("schedule retry of %s: %w", p.ID, err)
		}
		s.log.InfoContext(ctx, "payment rescheduled", "payment_id", p.ID, "retry_id", retry.ID, "on", next)
		return nil
	})
}

func nextBusinessDay(t time.Time) time.Time {
	if t.IsZero() {
		t = time.Now()
	}
	d := t.UTC().AddDate(0, 0, 1)
	for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
		d = d.AddDate(0, 0, 1)
	}
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
}
