// Package billing owns invoices, the tenant ledger, card payments (autopay and
// manual), fees, refunds and the delinquency sweep.
package billing

import (
	"context"
	"log/slog"
	"time"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/retry"
	"github.com/baywarden/storagedesk/internal/provider/stripepay"
	"github.com/baywarden/storagedesk/internal/queue"
	"github.com/baywarden/storagedesk/internal/service/notify"
	"github.com/baywarden/storagedesk/internal/store"
)

// Service is the billing API used by handlers, workers and other services.
type Service interface {
	RunMonthly(ctx context.Context, period domain.Period) (int, error)
	OpenFirstInvoice(ctx context.Context, r *domain.Rental) (*domain.Invoice, error)
	ChargeAutopay(ctx context.Context, invoiceID string) error
	PayBalance(ctx context.Context, rentalID string, p ManualPayment) (*Receipt, error)
	AssessFee(ctx context.Context, rentalID string, f Fee) (*domain.LedgerEntry, error)
	IssueCredit(ctx context.Context, rentalID string, amountCents int64, memo, ref string) error
	RefundPayment(ctx context.Context, rentalID string, req RefundRequest) (*RefundResult, error)
	SweepDelinquent(ctx context.Context, asOf time.Time) (SweepResult, error)
}

// Ledger is the billing side of storage.
type Ledger interface {
	CreateInvoice(ctx context.Context, inv domain.Invoice) (*domain.Invoice, bool, error)
	Invoice(ctx context.Context, id string) (*domain.Invoice, error)
	MarkInvoicePaid(ctx context.Context, id string, at time.Time) (bool, error)
	MarkInvoiceFailed(ctx context.Context, id string, round int) (int, error)
	OverdueInvoices(ctx context.Context, cutoff time.Time) ([]domain.Invoice, error)
	PostEntry(ctx context.Context, e domain.LedgerEntry) error
	PostPeriodicEntry(ctx context.Context, e domain.LedgerEntry) (bool, error)
	ClaimAttempt(ctx context.Context, a domain.PaymentAttempt) (*domain.PaymentAttempt, error)
	SetAttemptIntent(ctx context.Context, attemptID, piID, status string) error
	FinishAttempt(ctx context.Context, attemptID, status string, failureCode *string) error
	Attempt(ctx context.Context, id string) (*domain.PaymentAttempt, error)
	LastCardPayment(ctx context.Context, rentalID string) (string, int64, error)
	RentalForIntent(ctx context.Context, piID string) (string, error)
	InsertRefund(ctx context.Context, refundID, piID, rentalID string, amount int64) error
}

// Rentals is the subset of rental storage billing reads and adjusts.
type Rentals interface {
	Rental(ctx context.Context, id string) (*domain.Rental, error)
	Customer(ctx context.Context, id string) (*domain.Customer, error)
	Unit(ctx context.Context, id string) (*domain.Unit, error)
	Facility(ctx context.Context, id string) (*domain.Facility, error)
	AdjustBalance(ctx context.Context, rentalID string, delta int64) (int64, error)
	BillableRentals(ctx context.Context, period string, after string, limit int) ([]domain.Rental, error)
	TransitionRental(ctx context.Context, rentalID string, from []domain.RentalStatus, to domain.RentalStatus) (bool, error)
}

// Payments is the card processor.
type Payments interface {
	Charge(ctx context.Context, req stripepay.ChargeRequest, opts ...stripepay.CallOption) (*stripepay.Charge, error)
	Refund(ctx context.Context, req stripepay.RefundRequest, opts ...stripepay.CallOption) (*stripepay.Refund, error)
}

// Notifier queues tenant messages.
type Notifier interface {
	Queue(ctx context.Context, n notify.Notice) error
}

// Policy holds the delinquency rules.
type Policy struct {
	GraceDays         int
	LateFeeCents      int64
	OverlockAfterDays int
	MaxAutopayRounds  int
}

// DefaultPolicy matches the standard lease.
var DefaultPolicy = Policy{GraceDays: 5, LateFeeCents: 2500, OverlockAfterDays: 15, MaxAutopayRounds: 3}

type service struct {
	tx       store.TxRunner
	ledger   Ledger
	rentals  Rentals
	pay      Payments
	queue    queue.Enqueuer
	notifier Notifier
	policy   Policy
	loc      *time.Location
	retry    retry.Policy
	log      *slog.Logger
	now      func() time.Time
}

// Option configures the service.
type Option func(*service)

func WithPolicy(p Policy) Option            { return func(s *service) { s.policy = p } }
func WithLocation(l *time.Location) Option  { return func(s *service) { s.loc = l } }
func WithRetry(p retry.Policy) Option       { return func(s *service) { s.retry = p } }
func WithClock(now func() time.Time) Option { return func(s *service) { s.now = now } }
func WithLogger(l *slog.Logger) Option      { return func(s *service) { s.log = l } }

func New(tx store.TxRunner, ledger Ledger, rentals Rentals, pay Payments, q queue.Enqueuer, n Notifier, opts ...Option) Service {
	s := &service{
		tx: tx, ledger: ledger, rentals: rentals, pay: pay, queue: q, notifier: n,
		policy: DefaultPolicy,
		loc:    time.UTC,
		retry:  retry.Default,
		log:    slog.Default(),
		now:    time.Now,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// ManualPayment is a tenant-initiated card payment.
type ManualPayment struct {
	RequestKey      string
	PaymentMethodID string
	AmountCents     int64
}

// Receipt is returned after a payment is applied.
type Receipt struct {
	IntentID     string `json:"payment_intent_id"`
	AmountCents  int64  `json:"amount_cents"`
	BalanceCents int64  `json:"balance_cents"`
}

// Fee is a one-off charge assessed by staff.
type Fee struct {
	Code        string
	AmountCents int64
	Memo        string
	AssessedBy  string
}

// RefundRequest refunds a card payment on a rental.
type RefundRequest struct {
	IntentID    string
	AmountCents int64
	Reason      string
}

type RefundResult struct {
	RefundID    string `json:"refund_id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount_cents"`
}

// SweepResult summarizes a delinquency sweep.
type SweepResult struct {
	Overdue   int `json:"overdue"`
	Fees      int `json:"late_fees"`
	Reminders int `json:"reminders"`
	Overlocks int `json:"overlocks_queued"`
}

func ptr[T any](v T) *T { return &v }
