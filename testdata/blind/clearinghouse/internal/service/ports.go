// Package service implements the clearinghouse use cases. Services depend
// on the narrow interfaces declared here; concrete repositories and
// provider clients are wired in main.
package service

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/mailing"
	"github.com/medbridge-health/clearinghouse/internal/messaging"
	"github.com/medbridge-health/clearinghouse/internal/payer"
	"github.com/medbridge-health/clearinghouse/internal/payments"
	"github.com/medbridge-health/clearinghouse/internal/practicehooks"
	"github.com/medbridge-health/clearinghouse/internal/repository"
)

// Tx runs work in a transaction and hands out the handle for repositories.
type Tx interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
	Ext(ctx context.Context) sqlx.ExtContext
}

// IDFunc mints identifiers with a prefix.
type IDFunc func(prefix string) string

// Clock returns the current time.
type Clock func() time.Time

// ---- provider ports ----

// PayerGateway is the payer connectivity gateway.
type PayerGateway interface {
	SubmitClaim(ctx context.Context, req payer.ClaimSubmission, opts ...payer.CallOption) (*payer.SubmissionAck, error)
	VoidClaim(ctx context.Context, req payer.VoidRequest, opts ...payer.CallOption) (*payer.VoidAck, error)
	SubmitAppeal(ctx context.Context, req payer.AppealRequest, opts ...payer.CallOption) (*payer.AppealAck, error)
	WithdrawAppeal(ctx context.Context, payerAppealRef, reason string, opts ...payer.CallOption) error
	SendAttachment(ctx context.Context, req payer.AttachmentRequest, opts ...payer.CallOption) (*payer.AttachmentAck, error)
	CheckEligibility(ctx context.Context, req payer.EligibilityRequest, opts ...payer.CallOption) (*payer.EligibilityResponse, error)
}

// PaymentProvider is Stripe.
type PaymentProvider interface {
	CreateCopayIntent(ctx context.Context, in payments.CopayIntentInput) (*payments.Intent, error)
	Refund(ctx context.Context, in payments.RefundInput) (*payments.RefundResult, error)
	Transfer(ctx context.Context, in payments.TransferInput) (*payments.TransferResult, error)
}

// Mailer prints and mails letters.
type Mailer interface {
	SendLetter(ctx context.Context, req mailing.LetterRequest) (*mailing.Letter, error)
}

// SMSSender sends patient text messages.
type SMSSender interface {
	SendSMS(ctx context.Context, m messaging.SMS) (*messaging.Receipt, error)
}

// PracticeWebhooks delivers events to practice systems.
type PracticeWebhooks interface {
	Deliver(ctx context.Context, url, secret string, ev practicehooks.Event) error
}

// ClaimForwarder puts claim documents on the payer-bound topic.
type ClaimForwarder interface {
	Forward(ctx context.Context, payerCode, claimKey string, doc []byte) error
}

// EventPublisher publishes internal domain events.
type EventPublisher interface {
	Publish(ctx context.Context, topic string, payload any) error
}

// SubmissionRequest is the input of the claim submission workflow.
type SubmissionRequest struct {
	ClaimID     string `json:"claim_id"`
	PracticeID  string `json:"practice_id"`
	Seq         int    `json:"seq"`
	Replacement bool   `json:"replacement"`
}

// WorkflowStarter starts the claim submission workflow.
type WorkflowStarter interface {
	StartSubmission(ctx context.Context, workflowID string, req SubmissionRequest) error
}

// ---- repository ports ----

type claimStore interface {
	InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, c *domain.Claim) (bool, error)
	InsertLines(ctx context.Context, q sqlx.ExtContext, claimID string, lines []domain.ClaimLine) error
	Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Claim, error)
	GetForUpdate(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Claim, error)
	GetByControlNumber(ctx context.Context, q sqlx.ExtContext, practiceID, pcn string) (*domain.Claim, error)
	FindByPayerRef(ctx context.Context, q sqlx.ExtContext, payerID, ref string) (*domain.Claim, error)
	Transition(ctx context.Context, q sqlx.ExtContext, id string, from []string, to, reason string) (bool, error)
	SetPayerRef(ctx context.Context, q sqlx.ExtContext, id, ref string) error
	ApplyPayment(ctx context.Context, q sqlx.ExtContext, id string, paid, patientResp int64, status string) error
	BumpSubmissionSeq(ctx context.Context, q sqlx.ExtContext, id string) (int, error)
	ReplacePayload(ctx context.Context, q sqlx.ExtContext, id, freq string, payload []byte, at time.Time) error
}

type batchStore interface {
	InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, b *domain.ClaimBatch) (*domain.ClaimBatch, bool, error)
	SetStatus(ctx context.Context, q sqlx.ExtContext, id, status string) error
}

type idempotencyStore interface {
	Get(ctx context.Context, q sqlx.ExtContext, scope, key string) (*repository.IdempotencyRecord, error)
	Put(ctx context.Context, q sqlx.ExtContext, rec repository.IdempotencyRecord) (bool, error)
}

type payerStore interface {
	Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Payer, error)
}

type practiceStore interface {
	Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Practice, error)
}

type accountStore interface {
	Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.PatientAccount, error)
	AddBalance(ctx context.Context, q sqlx.ExtContext, id string, delta int64) error
}

type ledgerStore interface {
	AppendKeyed(ctx context.Context, q sqlx.ExtContext, e *domain.LedgerEntry) (bool, error)
	AppendAdjustment(ctx context.Context, q sqlx.ExtContext, practiceID, entryType string, claimID *string, amount int64, memo string) (string, error)
	UnpaidBalance(ctx context.Context, q sqlx.ExtContext, practiceID string, cutoff time.Time) (int64, error)
	AssignToPayout(ctx context.Context, q sqlx.ExtContext, practiceID, payoutID string, cutoff time.Time) (int64, error)
}

type statementStore interface {
	InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, s *domain.Statement) (bool, error)
	Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Statement, error)
	GetByCycle(ctx context.Context, q sqlx.ExtContext, claimID string, cycle int) (*domain.Statement, error)
	SetStatus(ctx context.Context, q sqlx.ExtContext, id, status string) error
}

type processedStore interface {
	Seen(ctx context.Context, q sqlx.ExtContext, consumer, eventID string) (bool, error)
	Mark(ctx context.Context, q sqlx.ExtContext, consumer, eventID string) error
	Claim(ctx context.Context, q sqlx.ExtContext, consumer, eventID string) (bool, error)
}
