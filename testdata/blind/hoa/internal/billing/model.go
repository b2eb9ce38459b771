// Package billing owns owner accounts, monthly dues invoices, late fees,
// dues reminders and manual ledger adjustments.
package billing

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/ledger"
	"github.com/larchway/hoaops/internal/provider/sendwell"
)

// AutopayMethod is how an account pays dues automatically.
type AutopayMethod string

const (
	AutopayNone AutopayMethod = "none"
	AutopayCard AutopayMethod = "card"
	AutopayACH  AutopayMethod = "ach"
)

// Invoice statuses.
const (
	InvoiceOpen = "open"
	InvoicePaid = "paid"
	InvoiceVoid = "void"
)

// Account is an owner's account for one unit, with the association's fee
// policy joined in.
type Account struct {
	ID                uuid.UUID     `db:"id" json:"id"`
	AssociationID     uuid.UUID     `db:"association_id" json:"association_id"`
	AssociationName   string        `db:"association_name" json:"association_name"`
	UnitLabel         string        `db:"unit_label" json:"unit_label"`
	OwnerName         string        `db:"owner_name" json:"owner_name"`
	Email             string        `db:"email" json:"email"`
	Phone             string        `db:"phone" json:"phone"`
	SMSOptIn          bool          `db:"sms_opt_in" json:"sms_opt_in"`
	MonthlyDuesCents  int64         `db:"monthly_dues_cents" json:"monthly_dues_cents"`
	AutopayMethod     AutopayMethod `db:"autopay_method" json:"autopay_method"`
	PaymentCustomerID string        `db:"payment_customer_id" json:"-"`
	PaymentMethodRef  string        `db:"payment_method_ref" json:"-"`
	LateFeeCents      int64         `db:"late_fee_cents" json:"late_fee_cents"`
	GraceDays         int           `db:"grace_days" json:"grace_days"`
}

// Invoice is one period's dues for one account.
type Invoice struct {
	ID                uuid.UUID  `db:"id" json:"id"`
	AccountID         uuid.UUID  `db:"account_id" json:"account_id"`
	Period            string     `db:"period" json:"period"`
	AmountCents       int64      `db:"amount_cents" json:"amount_cents"`
	DueOn             time.Time  `db:"due_on" json:"due_on"`
	Status            string     `db:"status" json:"status"`
	LateFeeAssessedAt *time.Time `db:"late_fee_assessed_at" json:"late_fee_assessed_at,omitempty"`
	CreatedAt         time.Time  `db:"created_at" json:"created_at"`
}

// AccountStore reads owner accounts.
type AccountStore interface {
	Get(ctx context.Context, id uuid.UUID) (Account, error)
	ListActive(ctx context.Context) ([]Account, error)
}

// InvoiceStore persists invoices.
type InvoiceStore interface {
	CreateIfAbsent(ctx context.Context, inv Invoice) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (Invoice, error)
	ListOpenAutopay(ctx context.Context, period string) ([]Invoice, error)
	SetCollectionTask(ctx context.Context, id uuid.UUID, taskID string) error
	ClaimLateFee(ctx context.Context, id uuid.UUID, asOf time.Time) (bool, error)
}

// ReminderStore records which reminder stages went out.
type ReminderStore interface {
	Exists(ctx context.Context, invoiceID uuid.UUID, stage string) (bool, error)
	Record(ctx context.Context, invoiceID uuid.UUID, stage, providerRef string) error
}

// IdempotencyStore keeps responses for client-supplied idempotency keys.
type IdempotencyStore interface {
	Find(ctx context.Context, scope, key string) ([]byte, bool, error)
	Save(ctx context.Context, scope, key string, response []byte) error
}

// Enqueuer schedules background tasks.
type Enqueuer interface {
	Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// Mailer sends email.
type Mailer interface {
	Send(ctx context.Context, msg sendwell.Message, opts ...sendwell.SendOption) (string, error)
}

// EventPublisher publishes integration events.
type EventPublisher interface {
	Publish(ctx context.Context, topic string, payload any, opts ...events.Option) error
}

// LedgerWriter appends ledger entries.
type LedgerWriter = ledger.Writer
