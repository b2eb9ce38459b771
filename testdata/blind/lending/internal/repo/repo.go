// Package repo defines the persistence interfaces the services depend on and
// their Postgres implementation.
package repo

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/brightpay/lending/internal/db"
)

type Applications interface {
	GetCustomer(ctx context.Context, id string) (db.Customer, error)
	UpdateCustomerLimit(ctx context.Context, id string, limitCents int64) error
	CreateApplication(ctx context.Context, arg db.CreateApplicationParams) (db.Application, error)
	GetApplication(ctx context.Context, id string) (db.Application, error)
	CancelApplication(ctx context.Context, id, customerID string) (int64, error)
	SetApplicationStatus(ctx context.Context, id, status string) error
	InsertCreditCheck(ctx context.Context, id, applicationID, kind string) (string, error)
	GetCreditCheckByApplication(ctx context.Context, applicationID string) (db.CreditCheck, error)
	MarkCreditCheckSubmitted(ctx context.Context, id, bureauRef string) error
	RecordCreditDecision(ctx context.Context, id, status string, score pgtype.Int4) error
	InsertLimitIncreaseRequest(ctx context.Context, arg db.InsertLimitIncreaseRequestParams) error
	InsertOffer(ctx context.Context, arg db.InsertOfferParams) error
	GetOfferForUpdate(ctx context.Context, id string) (db.Offer, error)
	MarkOfferAccepted(ctx context.Context, id string) error
}

type Loans interface {
	InsertLoan(ctx context.Context, arg db.InsertLoanParams) (db.Loan, error)
	GetLoan(ctx context.Context, id string) (db.Loan, error)
	GetLoanForUpdate(ctx context.Context, id string) (db.Loan, error)
	GetLoanByOffer(ctx context.Context, offerID string) (db.Loan, error)
	GetLoanByOrder(ctx context.Context, merchantID, orderRef string) (db.Loan, error)
	ActivateLoan(ctx context.Context, id string, amountCents int64) error
	SetLoanStatus(ctx context.Context, id, status string) error
	AdjustLoanBalance(ctx context.Context, id string, delta int64) (int64, error)
	AddLoanFees(ctx context.Context, id string, delta int64) error
	MarkLoanPaidOff(ctx context.Context, id string) error
	MarkLoanChargedOff(ctx context.Context, id string) (int64, error)
	SetLoanAutopay(ctx context.Context, id string, pm pgtype.Text) error
	UpsertAutopayMandate(ctx context.Context, loanID, pm string, enabled bool) error
	BumpLoanVersion(ctx context.Context, id string, expected int32) (int64, error)
	ListChargeOffCandidates(ctx context.Context, cutoff pgtype.Date, limit int32) ([]db.ChargeOffCandidate, error)
	InsertLedgerEntry(ctx context.Context, arg db.InsertLedgerEntryParams) error

	InsertInstalment(ctx context.Context, arg db.InsertInstalmentParams) error
	GetInstalment(ctx context.Context, id string) (db.Instalment, error)
	ListOpenInstalments(ctx context.Context, loanID string) ([]db.Instalment, error)
	ApplyInstalmentPayment(ctx context.Context, id string, amountCents int64) error
	DeleteUnpaidInstalments(ctx context.Context, loanID string) error
	MaxInstalmentSeq(ctx context.Context, loanID string) (int32, error)
	ListDueForCollection(ctx context.Context, asOf pgtype.Date) ([]db.DueInstalment, error)
	ListNewlyOverdue(ctx context.Context, dueDate pgtype.Date) ([]db.Instalment, error)
	MarkInstalmentOverdue(ctx context.Context, id string) error
}

type Payments interface {
	InsertPayment(ctx context.Context, arg db.InsertPaymentParams) (db.Payment, error)
	GetPayment(ctx context.Context, id string) (db.Payment, error)
	GetPaymentByProcessorRef(ctx context.Context, ref string) (db.Payment, error)
	GetLatestSucceededPayment(ctx context.Context, loanID string) (db.Payment, error)
	MarkPaymentSucceeded(ctx context.Context, id, processorRef string) (int64, error)
	MarkPaymentProcessing(ctx context.Context, id, processorRef string) error
	MarkPaymentFailed(ctx context.Context, id, code string) error
	InsertPaymentAttempt(ctx context.Context, id, paymentID, outcome string, detail pgtype.Text) error
	InsertAllocation(ctx context.Context, paymentID, instalmentID string, amountCents int64) (int64, error)
	InsertOverpaymentRefund(ctx context.Context, arg db.InsertOverpaymentRefundParams) error
}

type Disbursements interface {
	InsertDisbursement(ctx context.Context, arg db.InsertDisbursementParams) error
	GetDisbursementByAttempt(ctx context.Context, loanID string, attempt int32) (db.Disbursement, error)
	GetLatestDisbursement(ctx context.Context, loanID string) (db.Disbursement, error)
	GetDisbursementByReference(ctx context.Context, ref string) (db.Disbursement, error)
	MarkDisbursementSubmitted(ctx context.Context, id, partnerRef string) error
	UpdateDisbursementStatus(ctx context.Context, id, status string, reason pgtype.Text) error
	ResubmitDisbursement(ctx context.Context, id, clientRef, partnerRef string) error
}

type BankAccounts interface {
	InsertBankAccount(ctx context.Context, arg db.InsertBankAccountParams) (db.BankAccount, error)
	GetBankAccount(ctx context.Context, id string) (db.BankAccount, error)
	InsertBankAccountVerification(ctx context.Context, id, bankAccountID, partnerRef string) error
	SetBankAccountStatus(ctx context.Context, id, status string) error
}

type Fees interface {
	InsertFee(ctx context.Context, arg db.InsertFeeParams) (db.Fee, error)
	GetFee(ctx context.Context, id string) (db.Fee, error)
	WaiveFee(ctx context.Context, id, loanID, actor string) (db.Fee, error)
	MarkFeePaid(ctx context.Context, id, paymentID string) error
}

type Adjustments interface {
	InsertMerchantRefund(ctx context.Context, arg db.InsertMerchantRefundParams) (int64, error)
	InsertOrderAdjustment(ctx context.Context, arg db.InsertOrderAdjustmentParams) error
	InsertBalanceAdjustment(ctx context.Context, arg db.InsertBalanceAdjustmentParams) (int64, error)
}

type Dedup interface {
	ClaimIdempotencyKey(ctx context.Context, scope, key string) (int64, error)
	SetIdempotencyResource(ctx context.Context, scope, key, resourceID string) error
	GetIdempotencyKey(ctx context.Context, scope, key string) (db.IdempotencyKey, error)
	InsertInboxEvent(ctx context.Context, source, eventID, eventType string) (int64, error)
	InboxEventExists(ctx context.Context, source, eventID string) (bool, error)
	ClaimMessage(ctx context.Context, consumer, messageKey string) (int64, error)
}

type Outbox interface {
	InsertOutbox(ctx context.Context, id, topic, partitionKey string, payload []byte) error
	ClaimUnpublishedOutbox(ctx context.Context, limit int32) ([]db.OutboxEvent, error)
	MarkOutboxPublished(ctx context.Context, ids []string, at pgtype.Timestamptz) error
}

// Store groups the repositories. A Store obtained inside InTx is bound to
// that transaction.
type Store interface {
	Applications() Applications
	Loans() Loans
	Payments() Payments
	Disbursements() Disbursements
	BankAccounts() BankAccounts
	Fees() Fees
	Adjustments() Adjustments
	Dedup() Dedup
	Outbox() Outbox

	InTx(ctx context.Context, fn func(ctx context.Context, s Store) error) error
}

// InTx runs fn in a transaction on s and returns its result.
func InTx[T any](ctx context.Context, s Store, fn func(ctx context.Context, s Store) (T, error)) (T, error) {
	var out T
	err := s.InTx(ctx, func(ctx context.Context, s Store) error {
		v, err := fn(ctx, s)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}
