// Package service holds the business logic. Services depend on the narrow
// interfaces below; cmd/api and cmd/worker wire the implementations.
package service

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/aerolounge/loungepass/internal/domain"
	"github.com/aerolounge/loungepass/internal/events"
	"github.com/aerolounge/loungepass/internal/provider/airline"
	"github.com/aerolounge/loungepass/internal/provider/cardnet"
	"github.com/aerolounge/loungepass/internal/provider/notify"
	"github.com/aerolounge/loungepass/internal/provider/payments"
	"github.com/aerolounge/loungepass/internal/provider/sms"
	"github.com/aerolounge/loungepass/internal/repository"
	"github.com/aerolounge/loungepass/internal/tasks"
)

// Clock and ID sources are injected so tests can pin them.
type (
	NowFunc   func() time.Time
	NewIDFunc func() uuid.UUID
)

type MemberStore interface {
	Upsert(ctx context.Context, m domain.Member) (domain.Member, bool, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Member, error)
	SetStripeCustomer(ctx context.Context, id uuid.UUID, customerID string) (string, error)
}

type CardStore interface {
	Link(ctx context.Context, c domain.PaymentCard) (domain.PaymentCard, bool, error)
	SetBenefitTier(ctx context.Context, id uuid.UUID, tier string) error
	GetByToken(ctx context.Context, token string) (domain.PaymentCard, error)
}

type Catalog interface {
	LoungeByCode(ctx context.Context, code string) (domain.Lounge, error)
	Lounge(ctx context.Context, id uuid.UUID) (domain.Lounge, error)
	Plan(ctx context.Context, code string) (domain.Plan, error)
	Occupancy(ctx context.Context, loungeID uuid.UUID) (int, error)
}

type MembershipStore interface {
	CreatePending(ctx context.Context, m domain.Membership) (domain.Membership, bool, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Membership, error)
	GetBySubscription(ctx context.Context, subscriptionID string) (domain.Membership, error)
	ActiveForMember(ctx context.Context, memberID uuid.UUID) (domain.Membership, error)
	AttachPaymentIntent(ctx context.Context, id uuid.UUID, paymentIntentID string) error
	Activate(ctx context.Context, id uuid.UUID, at time.Time, periodMonths, initialGuests int) (bool, error)
	MarkFailed(ctx context.Context, id uuid.UUID) error
	MarkPastDue(ctx context.Context, id uuid.UUID) error
	ExtendForInvoice(ctx context.Context, id uuid.UUID, periodMonths, guestPasses int) error
	EnsureCancellation(ctx context.Context, c domain.MembershipCancellation) (domain.MembershipCancellation, error)
	CompleteCancellation(ctx context.Context, cancellationID, membershipID uuid.UUID, status domain.CancellationStatus, refundID *string) error
	ListAllowanceRecipients(ctx context.Context) ([]repository.AllowanceRecipient, error)
	ListRenewalCandidates(ctx context.Context, from, to time.Time) ([]domain.RenewalCandidate, error)
	EnsureRenewalCharge(ctx context.Context, rc domain.RenewalCharge) (domain.RenewalCharge, error)
	LogRenewalAttempt(ctx context.Context, id, chargeID uuid.UUID, at time.Time, outcome, detail string) error
	CompleteRenewal(ctx context.Context, chargeID uuid.UUID, paymentIntentID string, periodMonths int) (bool, error)
	FailRenewal(ctx context.Context, chargeID uuid.UUID) error
}

type DayPassStore interface {
	InsertPending(ctx context.Context, p domain.DayPass) (domain.DayPass, bool, error)
	Get(ctx context.Context, id uuid.UUID) (domain.DayPass, error)
	AttachPayment(ctx context.Context, id uuid.UUID, paymentIntentID string, succeeded bool) (domain.DayPass, error)
	Activate(ctx context.Context, id uuid.UUID) (bool, error)
	MarkFailed(ctx context.Context, id uuid.UUID) error
	ExpireBefore(ctx context.Context, t time.Time) (int64, error)
	ExtendForFlight(ctx context.Context, flightNumber string, flightDate, until time.Time) (int64, error)
}

type RefundStore interface {
	RequestForPass(ctx context.Context, r domain.Refund) (domain.Refund, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Refund, error)
	Complete(ctx context.Context, id uuid.UUID, stripeRefundID string) error
	MarkFailed(ctx context.Context, id uuid.UUID) error
	ConfirmByStripeID(ctx context.Context, stripeRefundID string) (bool, error)
}

type VisitStore interface {
	Record(ctx context.Context, nv repository.NewVisit) (domain.Visit, bool, error)
	LogAttempt(ctx context.Context, a domain.AccessAttempt) error
	Get(ctx context.Context, id uuid.UUID) (domain.Visit, error)
	GetByScanID(ctx context.Context, scanID string) (domain.Visit, error)
	Close(ctx context.Context, id uuid.UUID, at time.Time, event func(domain.Visit) (domain.OutboxEvent, error)) (domain.Visit, bool, error)
	ListBillable(ctx context.Context, airline string, from, to time.Time) ([]domain.BillableVisit, error)
	MarkInvoiced(ctx context.Context, invoiceID uuid.UUID, visitIDs []uuid.UUID) error
	ListRange(ctx context.Context, loungeID *uuid.UUID, from, to time.Time, afterID uuid.UUID, limit int) ([]domain.Visit, error)
}

type OutboxStore interface {
	ListUnpublished(ctx context.Context, limit int) ([]domain.OutboxEvent, error)
	MarkPublished(ctx context.Context, ids []uuid.UUID, at time.Time) error
}

type GuestPassStore interface {
	Admit(ctx context.Context, a domain.GuestAdmission) (domain.GuestAdmission, error)
	GrantAllowance(ctx context.Context, g domain.GuestPassGrant) error
	RecordPurchase(ctx context.Context, p domain.GuestPassPurchase) (domain.GuestPassPurchase, error)
	Debit(ctx context.Context, membershipID uuid.UUID, n int) error
}

type TransferStore interface {
	GetByRequestKey(ctx context.Context, membershipID uuid.UUID, key string) (domain.GuestPassTransfer, error)
	Get(ctx context.Context, id uuid.UUID) (domain.GuestPassTransfer, error)
	Create(ctx context.Context, t domain.GuestPassTransfer) (domain.GuestPassTransfer, error)
	Claim(ctx context.Context, code string, claimant uuid.UUID, at time.Time) (domain.GuestPassTransfer, error)
}

type InvoiceStore interface {
	EnsureDraft(ctx context.Context, id uuid.UUID, airline, period, currency string) (domain.PartnerInvoice, error)
	Get(ctx context.Context, id uuid.UUID) (domain.PartnerInvoice, error)
	GetForAirline(ctx context.Context, airline string, id uuid.UUID) (domain.PartnerInvoice, error)
	AddLines(ctx context.Context, lines []domain.InvoiceLine) error
	Lines(ctx context.Context, invoiceID uuid.UUID) ([]domain.InvoiceLine, error)
	Finalize(ctx context.Context, id uuid.UUID, at time.Time) (domain.PartnerInvoice, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, externalRef string, at time.Time) error
	InsertDispute(ctx context.Context, d domain.InvoiceDispute) (domain.InvoiceDispute, error)
}

type PartnerStore interface {
	Get(ctx context.Context, code string) (domain.AirlinePartner, error)
	ListActive(ctx context.Context) ([]domain.AirlinePartner, error)
	UpsertEligibility(ctx context.Context, recs []domain.EligibilityRecord) (int64, error)
	FindEligibility(ctx context.Context, airline, pnr string, flightDate time.Time, seq int) (domain.EligibilityRecord, error)
}

type StripeEventStore interface {
	IsProcessed(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, eventID, eventType string) error
}

type NotificationStore interface {
	ListUnnotified(ctx context.Context, kind string, from, to time.Time) ([]domain.RenewalCandidate, error)
	RecordSent(ctx context.Context, ns []domain.Notification) error
}

type CorporateStore interface {
	Get(ctx context.Context, id uuid.UUID) (domain.CorporateAccount, error)
	CreateBatch(ctx context.Context, b domain.PassBatch, newPassID func() uuid.UUID) (domain.PassBatch, error)
}

// Providers.

type PaymentGateway interface {
	CreatePaymentIntent(ctx context.Context, req payments.ChargeRequest) (payments.Charge, error)
	Refund(ctx context.Context, req payments.RefundRequest) (payments.RefundResult, error)
	CreateCustomer(ctx context.Context, req payments.CustomerRequest) (string, error)
}

type CardNetwork interface {
	Entitlement(ctx context.Context, networkToken, loungeCode string) (cardnet.Entitlement, error)
	Redeem(ctx context.Context, req cardnet.RedeemRequest) (cardnet.Redemption, error)
	Enroll(ctx context.Context, networkToken, memberRef string) (cardnet.Enrollment, error)
}

type AirlineBilling interface {
	SubmitInvoice(ctx context.Context, endpoint string, sub airline.InvoiceSubmission, opts ...airline.CallOption) (airline.SubmissionReceipt, error)
}

type Mailer interface {
	Send(ctx context.Context, msg notify.Email, idempotencyKey string) (notify.SendResult, error)
}

type SMSSender interface {
	Send(ctx context.Context, to, body string) (sms.Message, error)
}

type TaskQueue interface {
	EnqueueInvoiceRun(ctx context.Context, period string) (bool, error)
	EnqueueInvoiceGenerate(ctx context.Context, airline, period string) error
	EnqueueInvoiceSubmit(ctx context.Context, invoiceID uuid.UUID) error
	EnqueueRefund(ctx context.Context, refundID uuid.UUID) error
	EnqueueLoyaltyResend(ctx context.Context, p tasks.LoyaltyResendPayload) (bool, error)
	EnqueueReceipt(ctx context.Context, p tasks.ReceiptPayload) error
	EnqueueTransferEmail(ctx context.Context, transferID uuid.UUID) error
}

type EventPublisher = events.Publisher
