package billing

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jmoiron/sqlx"
)

// Every sqlx-backed repository is constructed over an sqlx.ExtContext (the
// pool by default) and can be re-bound to a transaction with WithTx.

type CustomerRepository interface {
	Get(ctx context.Context, id string) (Customer, error)
	GetForUpdate(ctx context.Context, id string) (Customer, error)
	Insert(ctx context.Context, c Customer) error
	SetStripeCustomer(ctx context.Context, id, stripeCustomerID string) error
	AddBalance(ctx context.Context, id string, delta int64) (int64, error)
	WithTx(tx sqlx.ExtContext) CustomerRepository
}

type SubscriptionRepository interface {
	Get(ctx context.Context, id string) (Subscription, error)
	GetForUpdate(ctx context.Context, id string) (Subscription, error)
	Insert(ctx context.Context, s Subscription) error
	UpdatePlan(ctx context.Context, id, planID string, expectedVersion int) error
	SetStatus(ctx context.Context, id string, status SubscriptionStatus) error
	Cancel(ctx context.Context, id string, at time.Time, atPeriodEnd bool) error
	WithTx(tx sqlx.ExtContext) SubscriptionRepository
}

type InvoiceRepository interface {
	Get(ctx context.Context, id string) (Invoice, error)
	GetForUpdate(ctx context.Context, id string) (Invoice, error)
	InsertDraft(ctx context.Context, inv Invoice) error
	InsertItems(ctx context.Context, items []InvoiceItem) error
	AddPendingItem(ctx context.Context, item InvoiceItem) error
	AttachPendingItems(ctx context.Context, subscriptionID, invoiceID string) (int64, error)
	AdjustTotals(ctx context.Context, id string, subtotalDelta, creditsApplied int64) error
	MarkFinalized(ctx context.Context, id string, at time.Time) (Invoice, error)
	MarkPaid(ctx context.Context, id string, amountCents int64, at time.Time) error
	SetTax(ctx context.Context, id string, taxCents int64) error
	AddRefunded(ctx context.Context, id string, amountCents int64) error
	ReleaseCredits(ctx context.Context, id string) error
	WithTx(tx sqlx.ExtContext) InvoiceRepository
}

type PaymentRepository interface {
	// EnsureAttempt inserts the attempt unless one already exists for
	// (invoice_id, kind, client_ref) and returns the stored row either way.
	EnsureAttempt(ctx context.Context, a PaymentAttempt) (PaymentAttempt, error)
	MarkSucceeded(ctx context.Context, id, paymentIntentID string) error
	MarkFailed(ctx context.Context, id, failureCode string) error
	LatestSucceeded(ctx context.Context, invoiceID string) (PaymentAttempt, error)
	InsertRefund(ctx context.Context, r Refund) error
	WithTx(tx sqlx.ExtContext) PaymentRepository
}

type UsageRepository interface {
	Insert(ctx context.Context, r UsageRecord) error
	InsertDedup(ctx context.Context, r UsageRecord) (bool, error)
	SumForPeriod(ctx context.Context, subscriptionID, metric string, from, to time.Time) (int64, error)
	AlertSent(ctx context.Context, subscriptionID, metric string, periodStart time.Time, pct int) (bool, error)
	RecordAlert(ctx context.Context, subscriptionID, metric string, periodStart time.Time, pct int) error
	WithTx(tx sqlx.ExtContext) UsageRepository
}

type LedgerRepository interface {
	Append(ctx context.Context, e LedgerEntry) error
	WithTx(tx sqlx.ExtContext) LedgerRepository
}

type OutboxRepository interface {
	Add(ctx context.Context, id, subject string, payload any) error
	ClaimBatch(ctx context.Context, limit int) ([]OutboxMessage, error)
	MarkPublished(ctx context.Context, ids []string, at time.Time) error
	WithTx(tx sqlx.ExtContext) OutboxRepository
}

type IdempotencyRecord struct {
	Scope        string          `db:"scope"`
	Key          string          `db:"key"`
	RequestHash  string          `db:"request_hash"`
	ResourceID   *string         `db:"resource_id"`
	ResponseCode *int            `db:"response_code"`
	ResponseBody json.RawMessage `db:"response_body"`
	CompletedAt  *time.Time      `db:"completed_at"`
	CreatedAt    time.Time       `db:"created_at"`
}

func (r IdempotencyRecord) Completed() bool { return r.CompletedAt != nil }

type IdempotencyRepository interface {
	// Claim inserts (scope, key) if absent and returns the row locked FOR
	// UPDATE; only meaningful inside a transaction.
	Claim(ctx context.Context, scope, key, requestHash string) (IdempotencyRecord, error)
	Lookup(ctx context.Context, scope, key string) (IdempotencyRecord, error)
	AttachResource(ctx context.Context, scope, key, resourceID string) error
	Complete(ctx context.Context, scope, key string, code int, body []byte) error
	Save(ctx context.Context, rec IdempotencyRecord) error
	WithTx(tx sqlx.ExtContext) IdempotencyRepository
}

type ProcessedRequestRepository interface {
	Seen(ctx context.Context, requestID string) (bool, error)
	MarkProcessed(ctx context.Context, requestID, operation string) error
	WithTx(tx sqlx.ExtContext) ProcessedRequestRepository
}

type DunningRepository interface {
	Open(ctx context.Context, c DunningCase) error
	Get(ctx context.Context, invoiceID string) (DunningCase, error)
	RecordAttempt(ctx context.Context, invoiceID string, attempt int, failure string, next *time.Time) error
	SetStatus(ctx context.Context, invoiceID, status string) error
	ClaimNotice(ctx context.Context, invoiceID string, step int) (bool, error)
	MarkNoticeSent(ctx context.Context, invoiceID string, step int, at time.Time) error
	WithTx(tx sqlx.ExtContext) DunningRepository
}

type ReceiptRepository interface {
	Exists(ctx context.Context, invoiceID string) (bool, error)
	Insert(ctx context.Context, invoiceID, email string) error
}

type WebhookRepository interface {
	InsertEndpoint(ctx context.Context, ep WebhookEndpoint) (WebhookEndpoint, bool, error)
	GetEndpoint(ctx context.Context, id string) (WebhookEndpoint, error)
	EndpointsFor(ctx context.Context, customerID, eventType string) ([]WebhookEndpoint, error)
	InsertEvent(ctx context.Context, evt WebhookEvent) (bool, error)
	GetEvent(ctx context.Context, id string) (WebhookEvent, error)
	MarkDelivered(ctx context.Context, id string, at time.Time) error
	AppendAttempt(ctx context.Context, a WebhookAttempt) error
	WithTx(tx sqlx.ExtContext) WebhookRepository
}

type WebhookAttempt struct {
	ID          string    `db:"id"`
	EventID     string    `db:"event_id"`
	StatusCode  *int      `db:"status_code"`
	Error       *string   `db:"error"`
	DurationMS  int       `db:"duration_ms"`
	AttemptedAt time.Time `db:"attempted_at"`
}

type StripeEventRepository interface {
	// Record returns false when the event id has been seen before.
	Record(ctx context.Context, eventID, eventType string) (bool, error)
	WithTx(tx sqlx.ExtContext) StripeEventRepository
}

type TaxRepository interface {
	Insert(ctx context.Context, c TaxCalculation) error
	Latest(ctx context.Context, invoiceID string) (TaxCalculation, error)
	WithTx(tx sqlx.ExtContext) TaxRepository
}
