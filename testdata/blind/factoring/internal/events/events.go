// Package events declares the domain events exchanged through the outbox and
// the processor's pub/sub.
package events

import (
	"context"
	"time"

	"github.com/google/uuid"
)

const (
	TopicInvoiceUploaded     = "invoice.uploaded"
	TopicInvoiceDisputed     = "invoice.disputed"
	TopicInvoiceSettled      = "invoice.settled"
	TopicInvoiceOverdue      = "invoice.overdue"
	TopicOfferAccepted       = "offer.accepted"
	TopicAdvancePaidOut      = "advance.paid_out"
	TopicStatementLine       = "statement.line.received"
	TopicPaymentMatched      = "payment.matched"
	TopicCollectionFailed    = "collection.failed"
	TopicCollectionSucceeded = "collection.succeeded"
)

// Event is implemented by every payload written to the outbox.
type Event interface {
	Topic() string
	AggregateID() string
}

// Appender is the slice of the outbox repository the emitters need.
type Appender interface {
	Append(ctx context.Context, topic, aggregateID string, payload any) error
	AppendOnce(ctx context.Context, id uuid.UUID, topic, aggregateID string, payload any) (bool, error)
}

// Emit writes ev to the outbox through out.
func Emit[E Event](ctx context.Context, out Appender, ev E) error {
	return out.Append(ctx, ev.Topic(), ev.AggregateID(), ev)
}

// EmitOnce writes ev under a stable event ID.
func EmitOnce[E Event](ctx context.Context, out Appender, id uuid.UUID, ev E) (bool, error) {
	return out.AppendOnce(ctx, id, ev.Topic(), ev.AggregateID(), ev)
}

type InvoiceUploaded struct {
	InvoiceID  uuid.UUID `json:"invoice_id"`
	SupplierID uuid.UUID `json:"supplier_id"`
	DebtorID   uuid.UUID `json:"debtor_id"`
	FaceValue  int64     `json:"face_value_minor"`
	Currency   string    `json:"currency"`
}

func (e InvoiceUploaded) Topic() string       { return TopicInvoiceUploaded }
func (e InvoiceUploaded) AggregateID() string { return e.InvoiceID.String() }

type InvoiceDisputed struct {
	InvoiceID  uuid.UUID `json:"invoice_id"`
	DisputeID  uuid.UUID `json:"dispute_id"`
	ReasonCode string    `json:"reason_code"`
}

func (e InvoiceDisputed) Topic() string       { return TopicInvoiceDisputed }
func (e InvoiceDisputed) AggregateID() string { return e.InvoiceID.String() }

type InvoiceSettled struct {
	InvoiceID uuid.UUID `json:"invoice_id"`
	AdvanceID uuid.UUID `json:"advance_id"`
	PaidMinor int64     `json:"paid_minor"`
	SettledAt time.Time `json:"settled_at"`
}

func (e InvoiceSettled) Topic() string       { return TopicInvoiceSettled }
func (e InvoiceSettled) AggregateID() string { return e.InvoiceID.String() }

type InvoiceOverdue struct {
	InvoiceID   uuid.UUID `json:"invoice_id"`
	DaysOverdue int       `json:"days_overdue"`
	AsOf        string    `json:"as_of"`
}

func (e InvoiceOverdue) Topic() string       { return TopicInvoiceOverdue }
func (e InvoiceOverdue) AggregateID() string { return e.InvoiceID.String() }

type OfferAccepted struct {
	OfferID    uuid.UUID `json:"offer_id"`
	InvoiceID  uuid.UUID `json:"invoice_id"`
	AcceptedAt time.Time `json:"accepted_at"`
}

func (e OfferAccepted) Topic() string       { return TopicOfferAccepted }
func (e OfferAccepted) AggregateID() string { return e.OfferID.String() }

type AdvancePaidOut struct {
	AdvanceID   uuid.UUID `json:"advance_id"`
	PayoutID    uuid.UUID `json:"payout_id"`
	SupplierID  uuid.UUID `json:"supplier_id"`
	AmountMinor int64     `json:"amount_minor"`
	Currency    string    `json:"currency"`
}

func (e AdvancePaidOut) Topic() string       { return TopicAdvancePaidOut }
func (e AdvancePaidOut) AggregateID() string { return e.AdvanceID.String() }

type StatementLineReceived struct {
	LineID uuid.UUID `json:"line_id"`
}

func (e StatementLineReceived) Topic() string       { return TopicStatementLine }
func (e StatementLineReceived) AggregateID() string { return e.LineID.String() }

type PaymentMatched struct {
	LineID      uuid.UUID `json:"line_id"`
	InvoiceID   uuid.UUID `json:"invoice_id"`
	AmountMinor int64     `json:"amount_minor"`
	Currency    string    `json:"currency"`
}

func (e PaymentMatched) Topic() string       { return TopicPaymentMatched }
func (e PaymentMatched) AggregateID() string { return e.InvoiceID.String() }

type CollectionFailed struct {
	CollectionID uuid.UUID `json:"collection_id"`
	InvoiceID    uuid.UUID `json:"invoice_id"`
	Reason       string    `json:"reason"`
	Attempts     int       `json:"attempts"`
}

func (e CollectionFailed) Topic() string       { return TopicCollectionFailed }
func (e CollectionFailed) AggregateID() string { return e.CollectionID.String() }

type CollectionSucceeded struct {
	CollectionID uuid.UUID `json:"collection_id"`
	InvoiceID    uuid.UUID `json:"invoice_id"`
	AmountMinor  int64     `json:"amount_minor"`
}

func (e CollectionSucceeded) Topic() string       { return TopicCollectionSucceeded }
func (e CollectionSucceeded) AggregateID() string { return e.CollectionID.String() }
