// Package service holds the booking, billing, contract and vendor use cases.
// Services depend on the narrow interfaces below; internal/store and the
// provider clients implement them.
package service

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/provider/cardpay"
	"github.com/vowhall/venues/internal/provider/esign"
	"github.com/vowhall/venues/internal/provider/mailer"
	"github.com/vowhall/venues/internal/provider/vendorpo"
)

type BookingStore interface {
	Create(ctx context.Context, b *domain.Booking) error
	Get(ctx context.Context, id uuid.UUID) (domain.Booking, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Booking, error)
	AdjustTotal(ctx context.Context, id uuid.UUID, deltaCents int64) error
	AddPaid(ctx context.Context, id uuid.UUID, amountCents int64) error
	MarkDepositPaid(ctx context.Context, id uuid.UUID, chargeID string) (bool, error)
	MarkDepositFailed(ctx context.Context, id uuid.UUID) error
	MarkDepositRefunded(ctx context.Context, id uuid.UUID, amountCents int64) error
	SetStatus(ctx context.Context, id uuid.UUID, status domain.BookingStatus) error
	Confirm(ctx context.Context, id uuid.UUID) error
	ExpireHold(ctx context.Context, id uuid.UUID, now time.Time) (domain.Booking, bool, error)
}

type VenueStore interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Venue, error)
}

type CoupleStore interface {
	Upsert(ctx context.Context, c *domain.Couple) error
	Get(ctx context.Context, id uuid.UUID) (domain.Couple, error)
}

type PackageStore interface {
	GetPackage(ctx context.Context, id uuid.UUID) (domain.Package, error)
	GetVendor(ctx context.Context, id uuid.UUID) (domain.Vendor, error)
	AddLine(ctx context.Context, l domain.BookingPackage) error
	GetLine(ctx context.Context, bookingID, lineID uuid.UUID) (domain.BookingPackage, error)
	ListLines(ctx context.Context, bookingID uuid.UUID) ([]domain.BookingPackage, error)
	DeleteLine(ctx context.Context, lineID uuid.UUID) error
	LineHasOrder(ctx context.Context, lineID uuid.UUID) (bool, error)
	ListUnordered(ctx context.Context, bookingID uuid.UUID) ([]domain.OrderLine, error)
}

type InstalmentStore interface {
	Upsert(ctx context.Context, in domain.Instalment) (domain.Instalment, error)
	TrimAfter(ctx context.Context, bookingID uuid.UUID, lastSeq int) error
	Get(ctx context.Context, id uuid.UUID) (domain.Instalment, error)
	ListPlan(ctx context.Context, bookingID uuid.UUID) ([]domain.Instalment, error)
	MarkProcessing(ctx context.Context, id uuid.UUID) (bool, error)
	MarkPaid(ctx context.Context, id uuid.UUID, chargeID string, at time.Time) (bool, error)
	MarkFailed(ctx context.Context, id uuid.UUID) error
	CancelOpen(ctx context.Context, bookingID uuid.UUID) error
}

type PaymentStore interface {
	Insert(ctx context.Context, p domain.Payment) error
	RecordAttempt(ctx context.Context, a domain.ChargeAttempt) error
	RecordCardTransaction(ctx context.Context, t domain.CardTransaction) (bool, error)
	InsertFailure(ctx context.Context, f domain.PaymentFailure) error
}

type LedgerStore interface {
	Append(ctx context.Context, e domain.LedgerEntry) error
}

type RefundStore interface {
	Open(ctx context.Context, r domain.Refund) (domain.Refund, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, providerRefundID string) error
	MarkSucceeded(ctx context.Context, bookingID uuid.UUID, providerRefundID string) error
}

type ContractStore interface {
	Insert(ctx context.Context, c domain.Contract) error
	Get(ctx context.Context, id uuid.UUID) (domain.Contract, error)
	LiveMain(ctx context.Context, bookingID uuid.UUID) (domain.Contract, error)
	GetByEnvelope(ctx context.Context, envelopeID string) (domain.Contract, error)
	MarkSigned(ctx context.Context, id uuid.UUID, at time.Time) error
	MarkExpired(ctx context.Context, id uuid.UUID) (bool, error)
	InsertEvent(ctx context.Context, e domain.ContractEvent) error
}

type PurchaseOrderStore interface {
	Insert(ctx context.Context, po domain.PurchaseOrder) error
	GetByNumberForUpdate(ctx context.Context, poNumber string) (domain.PurchaseOrder, error)
	Confirm(ctx context.Context, id uuid.UUID, totalCents int64, at time.Time) error
	Reject(ctx context.Context, id uuid.UUID) error
	AddPayable(ctx context.Context, p domain.VendorPayable) error
}

type IdempotencyStore interface {
	Claim(ctx context.Context, scope, key, requestHash string, resourceID uuid.UUID) (domain.IdempotencyRecord, bool, error)
	Find(ctx context.Context, scope, key string) (domain.IdempotencyRecord, error)
	Save(ctx context.Context, rec domain.IdempotencyRecord) error
}

type InboxStore interface {
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

type ReminderStore interface {
	Schedule(ctx context.Context, r domain.Reminder) error
	Get(ctx context.Context, id uuid.UUID) (domain.Reminder, error)
	MarkSent(ctx context.Context, id uuid.UUID, messageID string, at time.Time) error
}

type WaitlistStore interface {
	OfferReleasedDate(ctx context.Context, offerID uuid.UUID, b domain.Booking, at, expires time.Time) error
}

// CardProcessor is implemented by *cardpay.Client.
type CardProcessor interface {
	CreateCharge(ctx context.Context, req cardpay.ChargeRequest, opts ...cardpay.RequestOption) (*cardpay.Charge, error)
	Refund(ctx context.Context, req cardpay.RefundRequest, opts ...cardpay.RequestOption) (*cardpay.Refund, error)
}

// SignatureProvider is implemented by *esign.Client.
type SignatureProvider interface {
	CreateEnvelope(ctx context.Context, in esign.EnvelopeRequest) (*esign.Envelope, error)
	VoidEnvelope(ctx context.Context, envelopeID, reason string) error
}

// OrderGateway is implemented by *vendorpo.Client.
type OrderGateway interface {
	Submit(ctx context.Context, po vendorpo.PurchaseOrder) (*vendorpo.Ack, error)
}

// Mailer is implemented by *mailer.Client.
type Mailer interface {
	Send(ctx context.Context, m mailer.Message) (string, error)
}

// TaskQueue is implemented by *tasks.Enqueuer.
type TaskQueue interface {
	ContractExpiry(ctx context.Context, contractID uuid.UUID, at time.Time) error
	InstalmentRetry(ctx context.Context, instalmentID uuid.UUID, eventID string, at time.Time) error
}

// Policy holds the commercial rules the services apply.
type Policy struct {
	HoldDuration       time.Duration
	SignWindow         time.Duration
	WaitlistOfferTTL   time.Duration
	RefundCutoffDays   int
	MaxInstalments     int
	LastInstalmentDays int
	InstalmentRetryIn  time.Duration
	VendorDepositTerms int
	MainTemplate       string
	AddendumTemplate   string
}

// DefaultPolicy is what production runs with unless configured otherwise.
func DefaultPolicy() Policy {
	return Policy{
		HoldDuration:       72 * time.Hour,
		SignWindow:         14 * 24 * time.Hour,
		WaitlistOfferTTL:   48 * time.Hour,
		RefundCutoffDays:   180,
		MaxInstalments:     12,
		LastInstalmentDays: 30,
		InstalmentRetryIn:  72 * time.Hour,
		VendorDepositTerms: 14,
		MainTemplate:       "tmpl_venue_hire",
		AddendumTemplate:   "tmpl_venue_addendum",
	}
}
