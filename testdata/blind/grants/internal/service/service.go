// Package service declares the application services the transports depend
// on. Implementations live in the feature packages (donations, pledges,
// grants, ...) and are wired in internal/app.
package service

import (
	"context"
	"errors"

	"github.com/civicfund/grants/internal/domain"
)

// Errors surfaced to transports.
var (
	ErrValidation             = errors.New("validation failed")
	ErrIdempotencyKeyRequired = errors.New("Idempotency-Key header is required")
	ErrNotRefundable          = errors.New("donation is not refundable")
	ErrCycleClosed            = errors.New("grant cycle is not open")
	ErrInvalidState           = errors.New("invalid state transition")
)

// CreateDonationInput is a one-off gift from the checkout page.
type CreateDonationInput struct {
	IdempotencyKey string
	DonorID        string
	DonorEmail     string
	CampaignID     string
	AmountCents    int64
	Currency       string
}

// RefundInput asks for a refund of a donation.
type RefundInput struct {
	DonationID  string
	AmountCents int64
	Reason      string
	RequestedBy string
}

// DonationService handles one-off gifts.
type DonationService interface {
	Create(ctx context.Context, in CreateDonationInput) (*domain.Donation, error)
	Refund(ctx context.Context, in RefundInput) (*domain.Refund, error)
}

// PaymentEventService applies payment-provider webhook events.
type PaymentEventService interface {
	HandlePaymentEvent(ctx context.Context, ev PaymentEvent) error
}

// CreatePledgeInput sets up a recurring gift on a saved card.
type CreatePledgeInput struct {
	DonorID        string
	CampaignID     string
	AmountCents    int64
	Currency       string
	Interval       string
	StripeCustomer string
	StripePMethod  string
}

// PledgeService handles recurring gifts.
type PledgeService interface {
	Create(ctx context.Context, in CreatePledgeInput) (*domain.Pledge, error)
	ChargeInstallment(ctx context.Context, ev InstallmentDue) error
}

// CreateOfferInput registers a sponsor's matching offer.
type CreateOfferInput struct {
	CampaignID string
	SponsorRef string
	CapCents   int64
	RatioPct   int
}

// MatchingService handles sponsor matching.
type MatchingService interface {
	CreateOffer(ctx context.Context, in CreateOfferInput) (*domain.MatchingOffer, bool, error)
	ApplyMatch(ctx context.Context, ev MatchRequested) error
}

// SubmitApplicationInput is a grant application from an organisation.
type SubmitApplicationInput struct {
	OrgID          string
	CycleID        string
	RequestedCents int64
	Summary        string
}

// GrantService handles applications and approvals.
type GrantService interface {
	SubmitApplication(ctx context.Context, in SubmitApplicationInput) (*domain.Application, error)
	Approve(ctx context.Context, grantID, approver string) (*domain.Grant, error)
}

// DisbursementStarter starts the disbursement workflow for an approved grant.
type DisbursementStarter interface {
	StartDisbursement(ctx context.Context, g *domain.Grant) (string, error)
}

// ReceiptService handles donor e-mails: thank-yous and annual tax receipts.
type ReceiptService interface {
	RequestAnnualReceipt(ctx context.Context, donorID string, year int) error
	SendAnnualReceipt(ctx context.Context, ev ReceiptRequested) error
	SendThankYou(ctx context.Context, ev DonationSucceeded) error
}

// PayoutService applies bank-side payout outcomes.
type PayoutService interface {
	ApplyBankEvent(ctx context.Context, ev BankEvent) error
	MarkSettled(ctx context.Context, ev PayoutSettled) error
}

// LedgerService posts donations to the general ledger.
type LedgerService interface {
	PostDonation(ctx context.Context, ev DonationRecorded) error
}

// CampaignService maintains campaign totals.
type CampaignService interface {
	RecordOfflineGift(ctx context.Context, messageID string, g OfflineGift) error
}

// DonorService maintains donor records.
type DonorService interface {
	Merge(ctx context.Context, ev DonorMergeRequested) error
	RecordBounce(ctx context.Context, b EmailBounce) error
}

// GranteeNotificationService pushes grant updates to grantee systems.
type GranteeNotificationService interface {
	NotifyStatusChange(ctx context.Context, ev GrantStatusChanged) error
}
