// Package service declares the application services used by the HTTP API,
// the task worker and the deposit consumer. Implementations live under
// internal/services.
package service

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/providers/bank"
	"github.com/refundbridge/advance/internal/providers/bureau"
	"github.com/refundbridge/advance/internal/providers/email"
	"github.com/refundbridge/advance/internal/providers/taxprep"
)

// Applications handles intake and customer-initiated changes.
type Applications interface {
	Submit(ctx context.Context, in SubmitInput) (SubmitResult, error)
	Withdraw(ctx context.Context, partnerID, applicationID uuid.UUID, reason string) (domain.Application, error)
	Get(ctx context.Context, partnerID, applicationID uuid.UUID) (domain.Application, error)
}

// Partners authenticates partner API callers and webhooks.
type Partners interface {
	Authenticate(ctx context.Context, apiKey string) (domain.Partner, error)
	ByCode(ctx context.Context, code string) (domain.Partner, error)
}

// Underwriting decides applications.
type Underwriting interface {
	Underwrite(ctx context.Context, applicationID uuid.UUID) error
}

// Disbursements sends approved advances to customers.
type Disbursements interface {
	Disburse(ctx context.Context, applicationID uuid.UUID) error
	Redisburse(ctx context.Context, in RedisburseInput) (domain.Disbursement, error)
}

// Webhooks applies inbound bank and partner notifications.
type Webhooks interface {
	ApplyTransferEvent(ctx context.Context, evt TransferEvent) error
	ApplyReturnEvent(ctx context.Context, partnerID uuid.UUID, evt ReturnEvent) error
}

// Repayments handles refund deposits and their settlement.
type Repayments interface {
	RecordDeposit(ctx context.Context, evt DepositPosted) error
	RecordReversal(ctx context.Context, evt DepositReversed) error
	Settle(ctx context.Context, depositID uuid.UUID) error
	PayRemainder(ctx context.Context, depositID uuid.UUID) error
}

// Commissions accrues and pays partner commissions.
type Commissions interface {
	Accrue(ctx context.Context, applicationID uuid.UUID) error
	RecordAdjustment(ctx context.Context, in AdjustmentInput) (domain.CommissionAccrual, error)
	Payout(ctx context.Context, partnerID uuid.UUID, periodStart, periodEnd time.Time) error
	PartnersWithUnpaid(ctx context.Context, before time.Time) ([]uuid.UUID, error)
}

// Notices sends customer notices.
type Notices interface {
	SendAdverseAction(ctx context.Context, applicationID uuid.UUID) error
}

// TaskQueue enqueues background work. Implementations deduplicate by a task
// id derived from the arguments.
type TaskQueue interface {
	Underwrite(ctx context.Context, applicationID uuid.UUID) error
	Disburse(ctx context.Context, applicationID uuid.UUID) error
	AdverseAction(ctx context.Context, applicationID uuid.UUID) error
	AccrueCommission(ctx context.Context, applicationID uuid.UUID) error
	SettleDeposit(ctx context.Context, depositID uuid.UUID) error
	PayRemainder(ctx context.Context, depositID uuid.UUID) error
	CommissionPayout(ctx context.Context, partnerID uuid.UUID, periodStart, periodEnd time.Time) error
}

// Bank originates ACH transfers. Satisfied by *bank.Client.
type Bank interface {
	CreateTransfer(ctx context.Context, req bank.TransferRequest) (bank.Transfer, error)
}

// CreditBureau runs soft inquiries. Satisfied by *bureau.Client.
type CreditBureau interface {
	SoftPull(ctx context.Context, req bureau.InquiryRequest) (bureau.Report, error)
}

// TaxPrep reads returns and reports bank-product state to partners.
// Satisfied by *taxprep.Client.
type TaxPrep interface {
	GetReturn(ctx context.Context, partnerCode, returnRef string) (taxprep.ReturnSummary, error)
	PutBankProductStatus(ctx context.Context, partnerCode, returnRef string, st taxprep.BankProductStatus) error
	PostBankProductEvent(ctx context.Context, partnerCode, returnRef string, evt taxprep.BankProductEvent) error
}

// Mailer sends email. Satisfied by *email.Client.
type Mailer interface {
	Send(ctx context.Context, m email.Message) (string, error)
}
