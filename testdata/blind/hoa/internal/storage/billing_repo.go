package storage

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/larchway/hoaops/internal/billing"
	"github.com/larchway/hoaops/internal/ledger"
)

// AccountRepo reads owner accounts.
type AccountRepo struct{ db *sqlx.DB }

// NewAccountRepo builds an AccountRepo.
func NewAccountRepo(db *sqlx.DB) *AccountRepo { return &AccountRepo{db: db} }

// Get loads one account with its association's fee policy.
func (r *AccountRepo) Get(ctx context.Context, id uuid.UUID) (billing.Account, error) {
	var a billing.Account
	err := conn(ctx, r.db).GetContext(ctx, &a, qAccountGet, id)
	return a, translate(err, "account "+id.String())
}

// ListActive lists all active accounts.
func (r *AccountRepo) ListActive(ctx context.Context) ([]billing.Account, error) {
	var out []billing.Account
	err := conn(ctx, r.db).SelectContext(ctx, &out, qAccountListActive)
	return out, translate(err, "list accounts")
}

// InvoiceRepo persists invoices.
type InvoiceRepo struct{ db *sqlx.DB }

// NewInvoiceRepo builds an InvoiceRepo.
func NewInvoiceRepo(db *sqlx.DB) *InvoiceRepo { return &InvoiceRepo{db: db} }

// CreateIfAbsent inserts the invoice unless the account already has one for
// the period. It reports whether a row was inserted.
func (r *InvoiceRepo) CreateIfAbsent(ctx context.Context, inv billing.Invoice) (bool, error) {
	return rowsAffected(conn(ctx, r.db).ExecContext(ctx, qInvoiceCreateIfAbsent,
		inv.ID, inv.AccountID, inv.Period, inv.AmountCents, inv.DueOn, inv.Status))
}

// Get loads one invoice.
func (r *InvoiceRepo) Get(ctx context.Context, id uuid.UUID) (billing.Invoice, error) {
	var inv billing.Invoice
	err := conn(ctx, r.db).GetContext(ctx, &inv, qInvoiceGet, id)
	return inv, translate(err, "invoice "+id.String())
}

// ListOpenAutopay lists the period's open invoices on autopay accounts.
func (r *InvoiceRepo) ListOpenAutopay(ctx context.Context, period string) ([]billing.Invoice, error) {
	var out []billing.Invoice
	err := conn(ctx, r.db).SelectContext(ctx, &out, qInvoiceListOpenAutopay, period)
	return out, translate(err, "list autopay invoices")
}

// SetCollectionTask records the asynq task collecting the invoice.
func (r *InvoiceRepo) SetCollectionTask(ctx context.Context, id uuid.UUID, taskID string) error {
	_, err := conn(ctx, r.db).ExecContext(ctx, qInvoiceSetCollectionTask, id, taskID)
	return translate(err, "set collection task")
}

// ClaimLateFee stamps the invoice as late-fee assessed if it is still open
// and unstamped. It reports whether this call won.
func (r *InvoiceRepo) ClaimLateFee(ctx context.Context, id uuid.UUID, asOf time.Time) (bool, error) {
	return rowsAffected(conn(ctx, r.db).ExecContext(ctx, qInvoiceClaimLateFee, id, asOf))
}

// MarkPaid closes the invoice once payments cover it.
func (r *InvoiceRepo) MarkPaid(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	return rowsAffected(conn(ctx, r.db).ExecContext(ctx, qInvoiceMarkPaid, id, at))
}

// LateFeeCandidates lists open invoices past their grace period.
func (r *InvoiceRepo) LateFeeCandidates(ctx context.Context, asOf time.Time) ([]uuid.UUID, error) {
	var ids []uuid.UUID
	err := conn(ctx, r.db).SelectContext(ctx, &ids, qInvoiceLateFeeCandidates, asOf)
	return ids, translate(err, "late fee candidates")
}

// ReminderCandidate is an invoice and the reminder stage it is in.
type ReminderCandidate struct {
	InvoiceID uuid.UUID `db:"id"`
	Stage     string    `db:"stage"`
}

// ReminderCandidates lists open invoices around their due date.
func (r *InvoiceRepo) ReminderCandidates(ctx context.Context, asOf time.Time) ([]ReminderCandidate, error) {
	var out []ReminderCandidate
	err := conn(ctx, r.db).SelectContext(ctx, &out, qInvoiceReminderCandidates, asOf)
	return out, translate(err, "reminder candidates")
}

// LedgerRepo appends ledger entries.
type LedgerRepo struct{ db *sqlx.DB }

// NewLedgerRepo builds a LedgerRepo.
func NewLedgerRepo(db *sqlx.DB) *LedgerRepo { return &LedgerRepo{db: db} }

// Insert appends one entry.
func (r *LedgerRepo) Insert(ctx context.Context, e ledger.Entry) error {
	if e.CreatedAt.IsZero() {
		e.CreatedAt = time.Now().UTC()
	}
	if e.CreatedBy == "" {
		e.CreatedBy = "system"
	}
	_, err := sqlx.NamedExecContext(ctx, conn(ctx, r.db), qLedgerInsert, e)
	return translate(err, "insert ledger entry")
}

// ReminderRepo records sent dues reminders.
type ReminderRepo struct{ db *sqlx.DB }

// NewReminderRepo builds a ReminderRepo.
func NewReminderRepo(db *sqlx.DB) *ReminderRepo { return &ReminderRepo{db: db} }

// Exists reports whether the stage was already sent.
func (r *ReminderRepo) Exists(ctx context.Context, invoiceID uuid.UUID, stage string) (bool, error) {
	var ok bool
	err := conn(ctx, r.db).GetContext(ctx, &ok, qReminderExists, invoiceID, stage)
	return ok, translate(err, "reminder exists")
}

// Record stores a sent reminder.
func (r *ReminderRepo) Record(ctx context.Context, invoiceID uuid.UUID, stage, providerRef string) error {
	_, err := conn(ctx, r.db).ExecContext(ctx, qReminderRecord, invoiceID, stage, providerRef)
	return translate(err, "record reminder")
}

// IdempotencyRepo stores responses by client idempotency key.
type IdempotencyRepo struct{ db *sqlx.DB }

// NewIdempotencyRepo builds an IdempotencyRepo.
func NewIdempotencyRepo(db *sqlx.DB) *IdempotencyRepo { return &IdempotencyRepo{db: db} }

// Find returns the stored response for the key.
func (r *IdempotencyRepo) Find(ctx context.Context, scope, key string) ([]byte, bool, error) {
	var raw []byte
	err := conn(ctx, r.db).GetContext(ctx, &raw, qIdempotencyFind, scope, key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, translate(err, "find idempotency key")
	}
	return raw, true, nil
}

// Save stores the response for the key; the first stored response wins.
func (r *IdempotencyRepo) Save(ctx context.Context, scope, key string, response []byte) error {
	_, err := conn(ctx, r.db).ExecContext(ctx, qIdempotencySave, scope, key, response)
	return translate(err, "save idempotency key")
}

// InboxRepo records consumed messages per consumer.
type InboxRepo struct{ db *sqlx.DB }

// NewInboxRepo builds an InboxRepo.
func NewInboxRepo(db *sqlx.DB) *InboxRepo { return &InboxRepo{db: db} }

// Claim records the message for the consumer and reports whether it was new.
func (r *InboxRepo) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	return rowsAffected(conn(ctx, r.db).ExecContext(ctx, qInboxClaim, consumer, messageID))
}
