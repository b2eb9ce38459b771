package domain

import (
	"context"
	"time"
)

// Store is the unit-of-work boundary. Repositories returned from a Store
// obtained inside Tx share that transaction.
type Store interface {
	Invoices() InvoiceRepository
	Payments() PaymentRepository
	Waivers() WaiverRepository
	Agreements() AgreementRepository
	DOIs() DOIRepository
	Outbox() OutboxRepository
	Receipts() ReceiptRepository
	Idempotency() IdempotencyRepository
	ProcessedEvents() ProcessedEventRepository
	Audit() AuditRepository

	// Tx runs fn in a database transaction. Returning an error rolls back.
	Tx(ctx context.Context, fn func(tx Store) error) error
}

// InvoiceRepository persists invoices and their adjustments.
type InvoiceRepository interface {
	NextNumber(ctx context.Context, journal string) (string, error)
	Create(ctx context.Context, inv *Invoice) error
	// CreateAPCIfAbsent inserts an APC invoice unless one already exists for
	// the manuscript. It reports whether a row was inserted.
	CreateAPCIfAbsent(ctx context.Context, inv *Invoice) (bool, error)
	Get(ctx context.Context, id string) (Invoice, error)
	GetForUpdate(ctx context.Context, id string) (Invoice, error)
	ByManuscript(ctx context.Context, manuscriptID string) (Invoice, error)
	ApplyDiscount(ctx context.Context, id string, discountCents int64) error
	AddAdjustment(ctx context.Context, adj Adjustment) error
	// Transition moves an invoice from one of the given states to `to`,
	// reporting false if the invoice was in none of them.
	Transition(ctx context.Context, id string, to InvoiceStatus, from ...InvoiceStatus) (bool, error)
	MarkPaid(ctx context.Context, id string, at time.Time) (bool, error)
	MarkSettled(ctx context.Context, id, agreementID string, at time.Time) (bool, error)
	MarkEmailed(ctx context.Context, id string, at time.Time) error
	RecordReminder(ctx context.Context, id string, at time.Time) error
	ListOverdue(ctx context.Context, asOf time.Time, remindEvery time.Duration, limit int) ([]Invoice, error)
}

// PaymentRepository persists payments, refunds, attempt logs and provider
// events.
type PaymentRepository interface {
	Create(ctx context.Context, p *Payment) error
	ByProviderID(ctx context.Context, providerPaymentID string) (Payment, error)
	SucceededForInvoice(ctx context.Context, invoiceID string) (Payment, error)
	UpdateOutcome(ctx context.Context, id string, status PaymentStatus, providerPaymentID, reason string) error
	// SetStatusFrom changes status only when the payment is currently in `from`.
	SetStatusFrom(ctx context.Context, id string, from, to PaymentStatus) (bool, error)
	ListPending(ctx context.Context, method PaymentMethod, olderThan time.Time, limit int) ([]Payment, error)
	LogAttempt(ctx context.Context, a PaymentAttempt) error
	InsertEvent(ctx context.Context, ev PaymentEvent) error
	InsertEventIfAbsent(ctx context.Context, ev PaymentEvent) (bool, error)
	CreateRefund(ctx context.Context, r *Refund) error
}

// WaiverRepository persists waivers.
type WaiverRepository interface {
	Create(ctx context.Context, w *Waiver) error
}

// AgreementRepository persists agreements and their credit ledger.
type AgreementRepository interface {
	Get(ctx context.Context, id string) (Agreement, error)
	ByExternalRef(ctx context.Context, ref string) (Agreement, error)
	// Upsert inserts or refreshes an agreement keyed by ExternalRef; the
	// stored ID wins and is written back into a.
	Upsert(ctx context.Context, a *Agreement) error
	// Debit subtracts amount when the balance allows it, reporting false
	// otherwise.
	Debit(ctx context.Context, id string, amountCents int64) (bool, error)
	Credit(ctx context.Context, id string, amountCents int64) error
	AppendLedger(ctx context.Context, e LedgerEntry) error
}

// DOIRepository persists DOI registrations and deposit batches.
type DOIRepository interface {
	Create(ctx context.Context, r *DOIRegistration) error
	ByArticle(ctx context.Context, articleID string) (DOIRegistration, error)
	UpdateMetadata(ctx context.Context, articleID, title, landingURL string) error
	// OpenBatch creates a batch and assigns up to limit pending
	// registrations to it. It returns the batch and its items; an empty
	// slice means there was nothing to do.
	OpenBatch(ctx context.Context, batchID string, limit int) (DOIBatch, []DOIRegistration, error)
	BatchesInStatus(ctx context.Context, status string, limit int) ([]DOIBatch, error)
	BatchItems(ctx context.Context, batchID string) ([]DOIRegistration, error)
	MarkBatchOutcome(ctx context.Context, batchID string, accepted bool, reason string) error
}

// OutboxRepository stores events to be relayed after commit.
type OutboxRepository interface {
	Enqueue(ctx context.Context, msgs ...OutboxMessage) error
	Unpublished(ctx context.Context, limit int) ([]OutboxMessage, error)
	MarkPublished(ctx context.Context, ids []string, at time.Time) error
}

// ReceiptRepository tracks payment receipt e-mails.
type ReceiptRepository interface {
	// Claim records that a receipt is about to be sent. It reports false
	// when a receipt for the invoice was already claimed.
	Claim(ctx context.Context, invoiceID, email string) (bool, error)
	MarkSent(ctx context.Context, invoiceID, providerMessageID string, at time.Time) error
	MarkFailed(ctx context.Context, invoiceID string) error
}

// IdempotencyRepository stores responses keyed by client Idempotency-Key.
type IdempotencyRepository interface {
	Get(ctx context.Context, key string) (StoredResponse, error)
	Save(ctx context.Context, r StoredResponse) error
}

// ProcessedEventRepository remembers which events a consumer has handled.
type ProcessedEventRepository interface {
	Seen(ctx context.Context, consumer, eventID string) (bool, error)
	Mark(ctx context.Context, consumer, eventID string) error
	// Claim inserts the marker and reports whether this call inserted it.
	Claim(ctx context.Context, consumer, eventID string) (bool, error)
}

// AuditRepository appends audit events.
type AuditRepository interface {
	Append(ctx context.Context, e AuditEvent) error
}
