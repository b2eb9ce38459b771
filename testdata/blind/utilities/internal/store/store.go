// Package store holds the MySQL-backed repositories. Services depend on the
// interfaces declared here; the sqlx implementations live beside them.
package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gridwell/utilities/internal/domain"
)

// Querier is satisfied by both *sqlx.DB and *sqlx.Tx.
type Querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error
	SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error
	NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error)
}

type AccountRepository interface {
	Get(ctx context.Context, id string) (*domain.Account, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Account, error)
	AdjustBalance(ctx context.Context, id string, deltaCents int64) error
	SetStatus(ctx context.Context, id, status string) error
	InsertCredit(ctx context.Context, c domain.AccountCredit) error
	ListActiveIDs(ctx context.Context, afterID string, limit int) ([]string, error)
}

type MeterRepository interface {
	Get(ctx context.Context, id string) (*domain.Meter, error)
	GetBySerial(ctx context.Context, serial string) (*domain.Meter, error)
	ListByAccount(ctx context.Context, accountID string) ([]domain.Meter, error)
	IncrementEstimates(ctx context.Context, id string) (int, error)
	ResetEstimates(ctx context.Context, id string) error
}

type ReadingRepository interface {
	Upsert(ctx context.Context, r domain.Reading) error
	InsertIfAbsent(ctx context.Context, r domain.Reading) (bool, error)
	ListBetween(ctx context.Context, meterID, register string, from, to time.Time) ([]domain.Reading, error)
	InsertEstimate(ctx context.Context, e domain.EstimatedReading) error
	ListEstimates(ctx context.Context, meterID string, from, to time.Time) ([]domain.EstimatedReading, error)
}

type BillingRunRepository interface {
	Create(ctx context.Context, run domain.BillingRun) error
	Get(ctx context.Context, id string) (*domain.BillingRun, error)
	SetStatus(ctx context.Context, id, status string) error
}

type BillRepository interface {
	Insert(ctx context.Context, b domain.Bill, lines []domain.BillLine) error
	Get(ctx context.Context, id string) (*domain.Bill, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Bill, error)
	ListOpenByAccount(ctx context.Context, accountID string) ([]domain.Bill, error)
	ApplyPayment(ctx context.Context, billID string, amountCents int64) error
	ApplyAdjustment(ctx context.Context, billID string, deltaCents int64) error
	InsertAdjustmentIfAbsent(ctx context.Context, a domain.Adjustment) (bool, error)
	MarkIssued(ctx context.Context, billID string, at time.Time) error
}

type PaymentRepository interface {
	CreateCardPayment(ctx context.Context, p domain.CardPayment) error
	GetCardPayment(ctx context.Context, id string) (*domain.CardPayment, error)
	GetCardPaymentByGatewayID(ctx context.Context, gatewayID string) (*domain.CardPayment, error)
	TransitionCardPayment(ctx context.Context, id, from, to, gatewayPaymentID string) (bool, error)
	AppendAttempt(ctx context.Context, paymentID, outcome, detail string) error
	InsertTopup(ctx context.Context, t domain.Topup) error
	InsertRefund(ctx context.Context, r domain.Refund) error
}

// IdempotencyRecord is the stored outcome of a request made with a
// caller-supplied idempotency key.
type IdempotencyRecord struct {
	Scope          string         `db:"scope"`
	Key            string         `db:"idem_key"`
	RequestHash    string         `db:"request_hash"`
	ResourceID     sql.NullString `db:"resource_id"`
	ResponseStatus sql.NullInt64  `db:"response_status"`
	ResponseBody   []byte         `db:"response_body"`
	CreatedAt      time.Time      `db:"created_at"`
}

type IdempotencyRepository interface {
	// Claim inserts the key if it is not present. It returns claimed=false
	// and the stored record when the key had already been claimed.
	Claim(ctx context.Context, scope, key, requestHash, resourceID string) (rec *IdempotencyRecord, claimed bool, err error)
	Get(ctx context.Context, scope, key string) (*IdempotencyRecord, error)
	SaveResponse(ctx context.Context, scope, key string, status int, body []byte) error
}

type InboxRepository interface {
	Claim(ctx context.Context, source, eventID string) (bool, error)
	Seen(ctx context.Context, source, eventID string) (bool, error)
	Mark(ctx context.Context, source, eventID string) error
}

type MandateRepository interface {
	Upsert(ctx context.Context, m domain.Mandate) (*domain.Mandate, error)
	Get(ctx context.Context, id string) (*domain.Mandate, error)
	ActiveForAccount(ctx context.Context, accountID string) (*domain.Mandate, error)
	SetBankMandate(ctx context.Context, id, bankMandateID, status string) error
}

type CollectionRepository interface {
	Insert(ctx context.Context, c domain.Collection) error
	Get(ctx context.Context, endToEndID string) (*domain.Collection, error)
	CountForBill(ctx context.Context, billID string) (int, error)
	MarkSubmitted(ctx context.Context, endToEndID, bankRef string) error
	MarkSettled(ctx context.Context, endToEndID, bankRef string) (bool, error)
	MarkReturned(ctx context.Context, endToEndID, reason string) error
}

type WorkOrderRepository interface {
	Insert(ctx context.Context, wo domain.WorkOrder) error
	InsertIfAbsent(ctx context.Context, wo domain.WorkOrder) (bool, error)
	Get(ctx context.Context, id string) (*domain.WorkOrder, error)
	GetByReason(ctx context.Context, kind domain.WorkOrderKind, reasonRef string) (*domain.WorkOrder, error)
	MarkDispatched(ctx context.Context, id, partnerOrderID string, scheduledFor *time.Time) error
}

type ReminderRepository interface {
	Claim(ctx context.Context, r domain.Reminder) (*domain.Reminder, bool, error)
	MarkSent(ctx context.Context, id, providerRef string) error
}

type NotificationRepository interface {
	Insert(ctx context.Context, n domain.Notification) error
	Exists(ctx context.Context, billID, kind string) (bool, error)
}

type ContractRepository interface {
	Insert(ctx context.Context, c domain.SupplyContract) error
	ActiveForPremise(ctx context.Context, premiseID string, utility domain.Utility) (*domain.SupplyContract, error)
}

type EstimateAuditRepository interface {
	InsertIfAbsent(ctx context.Context, auditID, workflowID, meterID, summary string) (bool, error)
}

// Repos is the set of repositories bound to one Querier: either the pool or
// an open transaction.
type Repos struct {
	Accounts      AccountRepository
	Meters        MeterRepository
	Readings      ReadingRepository
	BillingRuns   BillingRunRepository
	Bills         BillRepository
	Payments      PaymentRepository
	Idempotency   IdempotencyRepository
	Inbox         InboxRepository
	Mandates      MandateRepository
	Collections   CollectionRepository
	WorkOrders    WorkOrderRepository
	Reminders     ReminderRepository
	Notifications NotificationRepository
	Contracts     ContractRepository
	EstimateAudit EstimateAuditRepository
}

// NewRepos binds every repository to q.
func NewRepos(q Querier) Repos {
	return Repos{
		Accounts:      &accountRepo{q: q},
		Meters:        &meterRepo{q: q},
		Readings:      &readingRepo{q: q},
		BillingRuns:   &billingRunRepo{q: q},
		Bills:         &billRepo{q: q},
		Payments:      &paymentRepo{q: q},
		Idempotency:   &idempotencyRepo{q: q},
		Inbox:         &inboxRepo{q: q},
		Mandates:      &mandateRepo{q: q},
		Collections:   &collectionRepo{q: q},
		WorkOrders:    &workOrderRepo{q: q},
		Reminders:     &reminderRepo{q: q},
		Notifications: &notificationRepo{q: q},
		Contracts:     &contractRepo{q: q},
		EstimateAudit: &estimateAuditRepo{q: q},
	}
}

func notFound(err error) error {
	if err == sql.ErrNoRows {
		return domain.ErrNotFound
	}
	return err
}
