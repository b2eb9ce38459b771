// Package service holds the vanpool program's business logic. Services depend
// on the store, provider and queue interfaces declared here; fx binds the
// concrete repo/provider types to them.
package service

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/platform/money"
	"github.com/pooltrack/vanpool/internal/provider/ach"
	"github.com/pooltrack/vanpool/internal/provider/leasing"
	"github.com/pooltrack/vanpool/internal/provider/payroll"
	"github.com/pooltrack/vanpool/internal/provider/sms"
	"github.com/pooltrack/vanpool/internal/repo"
)

// MemberStore is implemented by repo.Members.
type MemberStore interface {
	Enroll(ctx context.Context, q db.Querier, m domain.Member) (*domain.Member, bool, error)
	Get(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Member, error)
	RecipientsForVanpool(ctx context.Context, q db.Querier, vanpoolID uuid.UUID) ([]domain.Recipient, error)
}

// VanpoolStore is implemented by repo.Vanpools.
type VanpoolStore interface {
	Create(ctx context.Context, q db.Querier, v domain.Vanpool) (*domain.Vanpool, error)
	Get(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Vanpool, error)
	GetForUpdate(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Vanpool, error)
	TakeSeat(ctx context.Context, q db.Querier, id uuid.UUID) error
	ReleaseSeat(ctx context.Context, q db.Querier, id uuid.UUID) error
}

// RiderStore is implemented by repo.Riders.
type RiderStore interface {
	Add(ctx context.Context, q db.Querier, r domain.Rider) (*domain.Rider, bool, error)
	GetActive(ctx context.Context, q db.Querier, vanpoolID, memberID uuid.UUID) (*domain.Rider, error)
	ActiveForMember(ctx context.Context, q db.Querier, memberID uuid.UUID) (*domain.Rider, error)
	End(ctx context.Context, q db.Querier, vanpoolID, memberID uuid.UUID, leftOn time.Time) (*domain.Rider, bool, error)
	Billable(ctx context.Context, q db.Querier, start, end time.Time) ([]repo.BillableRider, error)
}

// CreditStore is implemented by repo.Credits.
type CreditStore interface {
	Insert(ctx context.Context, q db.Querier, c domain.Credit) (*domain.Credit, error)
	Get(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Credit, error)
	ListOpen(ctx context.Context, q db.Querier, memberID uuid.UUID, asOf time.Time) ([]domain.Credit, error)
	MarkApplied(ctx context.Context, q db.Querier, ids []uuid.UUID, deductionID uuid.UUID) (money.Cents, error)
	Void(ctx context.Context, q db.Querier, id uuid.UUID, note string) (bool, error)
	ExpireBefore(ctx context.Context, q db.Querier, cutoff time.Time) (int64, error)
}

// FareStore is implemented by repo.Fares.
type FareStore interface {
	CreateRun(ctx context.Context, q db.Querier, fr domain.FareRun) (*domain.FareRun, bool, error)
	GetRun(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.FareRun, error)
	SetRunStatus(ctx context.Context, q db.Querier, id uuid.UUID, status string) error
	InsertDeduction(ctx context.Context, q db.Querier, d domain.Deduction) error
	GetDeduction(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Deduction, error)
	GetDeductionByProviderID(ctx context.Context, q db.Querier, providerID string) (*domain.Deduction, error)
	MarkSubmitted(ctx context.Context, q db.Querier, id uuid.UUID, providerID string) error
	SetDeductionStatus(ctx context.Context, q db.Querier, id uuid.UUID, status, reason string) error
	AddCredit(ctx context.Context, q db.Querier, id uuid.UUID, amount money.Cents) error
	AppendHistory(ctx context.Context, q db.Querier, id, deductionID uuid.UUID, status, detail string) error
	RecordWebhookEvent(ctx context.Context, q db.Querier, eventID, eventType string) (bool, error)
}

// AdjustmentStore is implemented by repo.Adjustments.
type AdjustmentStore interface {
	Create(ctx context.Context, q db.Querier, a domain.Adjustment) (*domain.Adjustment, bool, error)
	Get(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Adjustment, error)
	MarkSubmitted(ctx context.Context, q db.Querier, id uuid.UUID, providerID string) error
}

// LeaseStore is implemented by repo.Leases.
type LeaseStore interface {
	Get(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Lease, error)
	ListActive(ctx context.Context, q db.Querier, periodStart string) ([]domain.Lease, error)
	EnsurePayment(ctx context.Context, q db.Querier, p domain.LeasePayment) (*domain.LeasePayment, error)
	MarkPaid(ctx context.Context, q db.Querier, id uuid.UUID, providerID string) error
	MarkFailed(ctx context.Context, q db.Querier, id uuid.UUID) error
}

// FuelStore is implemented by repo.Fuel.
type FuelStore interface {
	CardByToken(ctx context.Context, q db.Querier, token string) (*domain.FuelCard, error)
	RecordWebhookEvent(ctx context.Context, q db.Querier, eventID, eventType string) error
	InsertTransaction(ctx context.Context, q db.Querier, t domain.FuelTransaction) (bool, error)
	InsertAuthorization(ctx context.Context, q db.Querier, a domain.FuelAuthorization) error
	InsertReversal(ctx context.Context, q db.Querier, authID string, vanpoolID uuid.UUID, amount money.Cents, at time.Time) (bool, error)
	InsertDecline(ctx context.Context, q db.Querier, d domain.FuelDecline) (bool, error)
	AdjustPending(ctx context.Context, q db.Querier, vanpoolID uuid.UUID, period string, delta money.Cents) error
	AddSettled(ctx context.Context, q db.Querier, vanpoolID uuid.UUID, period string, amount money.Cents) error
	UpdateCardStatus(ctx context.Context, q db.Querier, token, status string, at time.Time) (bool, error)
}

// ReimbursementStore is implemented by repo.Reimbursements.
type ReimbursementStore interface {
	CreateClaim(ctx context.Context, q db.Querier, c domain.ReimbursementClaim) (*domain.ReimbursementClaim, error)
	GetClaim(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.ReimbursementClaim, error)
	ApproveClaim(ctx context.Context, q db.Querier, id uuid.UUID, approver string) (bool, error)
	MarkClaimPaid(ctx context.Context, q db.Querier, id uuid.UUID) error
	UpsertBankAccount(ctx context.Context, q db.Querier, a domain.BankAccount) error
	BankAccount(ctx context.Context, q db.Querier, driverID uuid.UUID) (*domain.BankAccount, error)
	EnsurePayout(ctx context.Context, q db.Querier, p domain.Payout) (*domain.Payout, error)
	AppendAttempt(ctx context.Context, q db.Querier, payoutID uuid.UUID, attempt int, outcome, detail string) error
	MarkPayoutSent(ctx context.Context, q db.Querier, id uuid.UUID, transferID string) error
	CreditLedger(ctx context.Context, q db.Querier, driverID, payoutID uuid.UUID, amount int64, memo string) error
}

// MessagingStore is implemented by repo.Messaging.
type MessagingStore interface {
	ClaimDelivery(ctx context.Context, q db.Querier, jobID int64, memberID, vanpoolID uuid.UUID, rideDate time.Time) (bool, error)
	FinishDelivery(ctx context.Context, q db.Querier, jobID int64, memberID uuid.UUID, status, providerID string) error
	InsertBroadcast(ctx context.Context, q db.Querier, b domain.Broadcast) error
}

// PayrollGateway is implemented by *payroll.Client.
type PayrollGateway interface {
	CreateDeduction(ctx context.Context, idempotencyKey string, req payroll.DeductionRequest) (*payroll.Deduction, error)
	CreateAdjustment(ctx context.Context, req payroll.AdjustmentRequest, opts ...payroll.CallOption) (*payroll.Adjustment, error)
}

// LeasingGateway is implemented by *leasing.Client.
type LeasingGateway interface {
	SubmitPayment(ctx context.Context, req leasing.PaymentRequest) (*leasing.Payment, error)
}

// ACHGateway is implemented by *ach.Client.
type ACHGateway interface {
	CreateTransfer(ctx context.Context, req ach.TransferRequest, idempotencyKey string) (*ach.Transfer, error)
}

// SMSGateway is implemented by *sms.Client.
type SMSGateway interface {
	Send(ctx context.Context, msg sms.Message) (*sms.Result, error)
}

// JobQueue is the part of *river.Client[pgx.Tx] the services use.
type JobQueue interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertManyTx(ctx context.Context, tx pgx.Tx, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
}

// Clock and id sources, swappable in tests.
type (
	Clock func() time.Time
	IDGen func() uuid.UUID
)

// SystemClock returns the wall clock in UTC.
func SystemClock() Clock { return func() time.Time { return time.Now().UTC() } }

// RandomIDs returns a v4 UUID source.
func RandomIDs() IDGen { return uuid.New }
