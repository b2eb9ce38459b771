// Package payments collects money from owners through Paylane: portal
// payments, dues autopay (card and ACH), fine autopay, and the settlement and
// failure events Paylane reports back.
package payments

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"github.com/larchway/hoaops/internal/billing"
	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/ledger"
	"github.com/larchway/hoaops/internal/provider/paylane"
)

// Payment statuses.
const (
	StatusPending   = "pending"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
)

// Payment sources.
const (
	SourcePortal      = "portal"
	SourceAutopay     = "autopay"
	SourceFineAutopay = "fine_autopay"
)

// Payment is money Paylane is collecting or has collected for an account.
type Payment struct {
	ID          uuid.UUID  `db:"id" json:"id"`
	AccountID   uuid.UUID  `db:"account_id" json:"account_id"`
	InvoiceID   *uuid.UUID `db:"invoice_id" json:"invoice_id,omitempty"`
	Method      string     `db:"method" json:"method"`
	Source      string     `db:"source" json:"source"`
	AmountCents int64      `db:"amount_cents" json:"amount_cents"`
	ProviderRef *string    `db:"provider_ref" json:"provider_ref,omitempty"`
	Status      string     `db:"status" json:"status"`
	FailureCode *string    `db:"failure_code" json:"failure_code,omitempty"`
	CreatedAt   time.Time  `db:"created_at" json:"created_at"`
	UpdatedAt   time.Time  `db:"updated_at" json:"updated_at"`
}

// Attempt is one autopay collection attempt, kept for support and disputes.
type Attempt struct {
	ID          uuid.UUID `db:"id"`
	InvoiceID   uuid.UUID `db:"invoice_id"`
	Attempt     int       `db:"attempt"`
	Method      string    `db:"method"`
	Outcome     string    `db:"outcome"`
	ProviderRef *string   `db:"provider_ref"`
	Error       *string   `db:"error"`
}

// WebhookEvent is a raw Paylane webhook delivery.
type WebhookEvent struct {
	ID      string          `db:"event_id" json:"id"`
	Type    string          `db:"event_type" json:"type"`
	Payload json.RawMessage `db:"payload" json:"data"`
}

// FineDue is what the fine autopay needs to know about a violation.
type FineDue struct {
	ViolationID uuid.UUID `db:"id"`
	AccountID   uuid.UUID `db:"account_id"`
	Category    string    `db:"category"`
	Status      string    `db:"status"`
	FineCents   int64     `db:"fine_cents"`
}

// Gateway is the subset of Paylane used here.
type Gateway interface {
	CreateCharge(ctx context.Context, req paylane.ChargeRequest) (paylane.Charge, error)
	CreateACHDebit(ctx context.Context, req paylane.ACHDebitRequest) (paylane.ACHDebit, error)
}

// PaymentStore persists payments.
type PaymentStore interface {
	InsertOrGet(ctx context.Context, p Payment) (Payment, error)
	MarkSettled(ctx context.Context, providerRef string) (Payment, error)
	MarkFailed(ctx context.Context, providerRef, code string) (Payment, error)
	InsertAttempt(ctx context.Context, a Attempt) error
}

// InvoiceStore is the invoice access payments needs.
type InvoiceStore interface {
	Get(ctx context.Context, id uuid.UUID) (billing.Invoice, error)
	MarkPaid(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
}

// AccountReader loads accounts.
type AccountReader interface {
	Get(ctx context.Context, id uuid.UUID) (billing.Account, error)
}

// FineReader loads assessed fines.
type FineReader interface {
	FineDue(ctx context.Context, violationID uuid.UUID) (FineDue, error)
}

// WebhookStore keeps raw webhook deliveries.
type WebhookStore interface {
	Insert(ctx context.Context, ev WebhookEvent) error
}

// Inbox records consumed messages.
type Inbox interface {
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

// EventPublisher publishes integration events.
type EventPublisher interface {
	Publish(ctx context.Context, topic string, payload any, opts ...events.Option) error
}

// LedgerWriter appends ledger entries.
type LedgerWriter = ledger.Writer
