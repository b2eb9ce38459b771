// Package service holds the pawn-lending use cases. Services depend only on
// the repository and provider interfaces declared here; implementations live
// in internal/postgres and internal/providers and are wired in cmd/*.
package service

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/ironvault/pawnline/internal/domain"
)

// Clock returns the current time. Tests pin it; production passes time.Now.
type Clock func() time.Time

// Transactor runs fn inside one database transaction. Repositories called
// with the ctx handed to fn take part in that transaction; called with any
// other ctx they run on their own connection.
type Transactor interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type CustomerRepository interface {
	Insert(ctx context.Context, c domain.Customer) error
	Get(ctx context.Context, id uuid.UUID) (domain.Customer, error)
	FindByPhone(ctx context.Context, phone string) ([]domain.Customer, error)
	SetConsent(ctx context.Context, c domain.Consent) error
	HasConsent(ctx context.Context, customerID uuid.UUID, channel domain.Channel) (bool, error)
}

type BranchRepository interface {
	Get(ctx context.Context, id string) (domain.Branch, error)
}

type LoanRepository interface {
	NextTicketNo(ctx context.Context, branchID string) (string, error)
	Insert(ctx context.Context, l domain.Loan) error
	Get(ctx context.Context, id uuid.UUID) (domain.Loan, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Loan, error)
	ListActiveByCustomer(ctx context.Context, customerID uuid.UUID) ([]domain.Loan, error)
	ListAccruing(ctx context.Context, asOf time.Time) ([]domain.Loan, error)
	Extend(ctx context.Context, id uuid.UUID, newDue time.Time) error
	AddAccrued(ctx context.Context, id uuid.UUID, amount domain.Cents) error
	ReduceAccrued(ctx context.Context, id uuid.UUID, amount domain.Cents) error
	MarkRedeemed(ctx context.Context, id uuid.UUID, at time.Time) error
	Reopen(ctx context.Context, id uuid.UUID) error
	MarkForfeited(ctx context.Context, id uuid.UUID, at time.Time) error
	SetPoliceReport(ctx context.Context, id uuid.UUID, ref string, at time.Time) error
	MarkForfeitNoticeSent(ctx context.Context, id uuid.UUID, at time.Time) error
}

type ItemRepository interface {
	InsertMany(ctx context.Context, items []domain.Item) error
	Get(ctx context.Context, id uuid.UUID) (domain.Item, error)
	ListByLoan(ctx context.Context, loanID uuid.UUID) ([]domain.Item, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.ItemStatus) error
	SetStatusForLoan(ctx context.Context, loanID uuid.UUID, status domain.ItemStatus) error
}

type PaymentRepository interface {
	RecordAttempt(ctx context.Context, a domain.PaymentAttempt) error
	FinishAttempt(ctx context.Context, id uuid.UUID, outcome string, errMsg string) error
	InsertPayment(ctx context.Context, p domain.Payment) error
	GetPayment(ctx context.Context, id uuid.UUID) (domain.Payment, error)
	MarkRefunded(ctx context.Context, chargeID string, at time.Time) (bool, error)
	MarkRefundedByID(ctx context.Context, id uuid.UUID, at time.Time) error
	InsertRenewal(ctx context.Context, r domain.Renewal) error
	InsertRedemption(ctx context.Context, r domain.Redemption) error
	GetRedemption(ctx context.Context, id uuid.UUID) (domain.Redemption, error)
	VoidRedemption(ctx context.Context, id uuid.UUID, reason string, at time.Time) (bool, error)
	MarkReceiptSent(ctx context.Context, redemptionID uuid.UUID, at time.Time) error
}

type AccrualRepository interface {
	StartRun(ctx context.Context, businessDate time.Time, at time.Time) error
	Insert(ctx context.Context, a domain.Accrual) error
	FinishRun(ctx context.Context, businessDate time.Time, accrued, failed int, at time.Time) error
}

type ForfeitureRepository interface {
	Insert(ctx context.Context, f domain.Forfeiture) error
}

type AuctionRepository interface {
	UpsertListing(ctx context.Context, l domain.Listing) (domain.Listing, error)
	ListingByLot(ctx context.Context, lotID string) (domain.Listing, error)
	SetListingStatus(ctx context.Context, lotID string, status domain.ListingStatus) error
	InsertSale(ctx context.Context, s domain.Sale) error
	SaleByLot(ctx context.Context, lotID string) (domain.Sale, error)
	InsertSettlement(ctx context.Context, s domain.Settlement) (bool, error)
	GetSettlement(ctx context.Context, id uuid.UUID) (domain.Settlement, error)
	MarkSettlementApplied(ctx context.Context, id uuid.UUID, at time.Time) error
}

type CreditRepository interface {
	Insert(ctx context.Context, c domain.CustomerCredit) error
}

type MessageRepository interface {
	Insert(ctx context.Context, m domain.SMSMessage) error
	UpdateStatus(ctx context.Context, providerMessageID, status string, at time.Time) (bool, error)
	ClaimInbound(ctx context.Context, in domain.InboundSMS) (bool, error)
	GetInbound(ctx context.Context, id uuid.UUID) (domain.InboundSMS, error)
}

// RequestKeyRepository claims client idempotency keys inside the caller's
// transaction.
type RequestKeyRepository interface {
	Claim(ctx context.Context, scope, key string) (domain.StoredResponse, bool, error)
	Complete(ctx context.Context, scope, key string, resp domain.StoredResponse) error
}

type WebhookEventRepository interface {
	Seen(ctx context.Context, provider, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, provider, eventID, eventType string) error
}

// PaymentGateway is the card processor (Stripe).
type PaymentGateway interface {
	Charge(ctx context.Context, req domain.ChargeRequest) (domain.ChargeResult, error)
	Refund(ctx context.Context, req domain.RefundRequest) (domain.RefundResult, error)
}

// SMSSender is the SMS provider (Textline).
type SMSSender interface {
	Send(ctx context.Context, req domain.SMSRequest) (domain.SMSResult, error)
}

// EmailSender is the transactional email provider (Postbox).
type EmailSender interface {
	Send(ctx context.Context, req domain.EmailRequest) (domain.EmailResult, error)
}

// PoliceReporter is the law-enforcement pawn database (LeadsNet).
type PoliceReporter interface {
	Submit(ctx context.Context, tx domain.PoliceTransaction) (domain.PoliceReceipt, error)
}

// AuctionPartner is the online auction marketplace (AuctionHub).
type AuctionPartner interface {
	CreateLot(ctx context.Context, req domain.LotRequest) (domain.Lot, error)
}

// JobQueue enqueues background jobs. Inside WithinTx the job is inserted in
// the same transaction.
type JobQueue interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// LoanPolicy holds the lending terms the chain applies at every branch.
type LoanPolicy struct {
	MonthlyRateBps int
	MaxRateBps     int
	TermDays       int
	GraceDays      int
	MaxLTVPercent  int
}

// DefaultLoanPolicy is what the chain lends at unless a branch overrides it.
var DefaultLoanPolicy = LoanPolicy{
	MonthlyRateBps: 1000,
	MaxRateBps:     2500,
	TermDays:       30,
	GraceDays:      30,
	MaxLTVPercent:  60,
}
