// Package repository declares the persistence ports the services use.
// Implementations live in repository/pgrepo. Every method joins the
// transaction carried by ctx, if any, unless its doc says otherwise.
package repository

import (
	"context"
	"time"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/once"
)

type Firms interface {
	Get(ctx context.Context, id string) (*domain.Firm, error)
	ListAttorneys(ctx context.Context, firmID string) ([]domain.Attorney, error)
}

type Bookings interface {
	Insert(ctx context.Context, b *domain.Booking) error
	Get(ctx context.Context, id string) (*domain.Booking, error)
	GetForFirm(ctx context.Context, firmID, id string) (*domain.Booking, error)
	SetRush(ctx context.Context, id string, turnaroundDays int) error
	UpdateStatus(ctx context.Context, id string, status domain.BookingStatus) error
	// SetPortalMatter stores the matter only if none is stored yet and
	// reports whether it did.
	SetPortalMatter(ctx context.Context, id, matterID string) (bool, error)
	// ClaimConfirmation stamps confirmation_sent_at if it is still empty.
	ClaimConfirmation(ctx context.Context, id string, at time.Time) (bool, error)
	FindByPortalMatter(ctx context.Context, matterID string) (*domain.Booking, error)
}

type IdempotencyKeys interface {
	// Claim inserts the key if absent. When another request already holds
	// it, claimed is false and the stored row is returned.
	Claim(ctx context.Context, k *domain.IdempotencyKey) (claimed bool, stored *domain.IdempotencyKey, err error)
	Attach(ctx context.Context, firmID, key, bookingID string) error
}

type Charges interface {
	Add(ctx context.Context, c *domain.BookingCharge) error
	ListForBooking(ctx context.Context, bookingID string) ([]domain.BookingCharge, error)
	AddCopyOrder(ctx context.Context, o *domain.CopyOrder) error
}

type Reporters interface {
	Get(ctx context.Context, id string) (*domain.Reporter, error)
	FindByPhone(ctx context.Context, phone string) (*domain.Reporter, error)
	// NextAvailable picks the active reporter in region with the fewest
	// bookings that day.
	NextAvailable(ctx context.Context, region string, day time.Time) (*domain.Reporter, error)
	AddYTDPaid(ctx context.Context, reporterID string, cents int64) error
}

type Assignments interface {
	// Create inserts the offer unless the booking already has one; either
	// way the booking's assignment is returned.
	Create(ctx context.Context, a *domain.Assignment) (*domain.Assignment, error)
	Get(ctx context.Context, id string) (*domain.Assignment, error)
	LatestOfferFor(ctx context.Context, reporterID string) (*domain.Assignment, error)
	// Accept moves an offered assignment to accepted; ErrNotOffered otherwise.
	Accept(ctx context.Context, id string, at time.Time) error
}

type Transcripts interface {
	Get(ctx context.Context, id string) (*domain.Transcript, error)
	GetByBooking(ctx context.Context, bookingID string) (*domain.Transcript, error)
	// MarkSubmitted moves an in-progress transcript to submitted;
	// ErrConflict when it is not in progress.
	MarkSubmitted(ctx context.Context, id string, pages int, fileKey string, at time.Time) (*domain.Transcript, error)
	MarkDelivering(ctx context.Context, id string, version int) error
	RecordDelivery(ctx context.Context, d *domain.TranscriptDelivery) error
	MarkDelivered(ctx context.Context, id string, version int, at time.Time) error
	MarkDeliveryFailed(ctx context.Context, id string, version int) (bool, error)
	InsertReceipt(ctx context.Context, r *domain.DeliveryReceipt) error
	RecordShares(ctx context.Context, shares []domain.PortalShare) error
}

type Invoices interface {
	Get(ctx context.Context, id string) (*domain.Invoice, error)
	GetByBooking(ctx context.Context, bookingID string) (*domain.Invoice, error)
	// Create inserts the invoice unless the booking is already invoiced.
	Create(ctx context.Context, inv *domain.Invoice) (bool, error)
	ListDueForCharge(ctx context.Context, now time.Time, limit int) ([]domain.Invoice, error)
	ApplyPayment(ctx context.Context, id string, cents int64, at time.Time) error
	AdvanceChargeCycle(ctx context.Context, id string, from int) (bool, error)
}

type Payments interface {
	// Record stores the payment keyed by its PaymentIntent and reports
	// whether this call inserted it.
	Record(ctx context.Context, p *domain.Payment) (bool, error)
	MarkRefunded(ctx context.Context, paymentIntentID string, at time.Time) (*domain.Payment, error)
	LogAttempt(ctx context.Context, a *domain.ChargeAttempt) error
}

type StripeEvents interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, e *domain.StripeEvent) error
}

// ReporterTotal is one reporter's pay for a payroll period.
type ReporterTotal struct {
	ReporterID string `bun:"reporter_id"`
	Pages      int    `bun:"pages"`
	TotalCents int64  `bun:"total_cents"`
}

type Payroll interface {
	AddLine(ctx context.Context, l *domain.PayoutLine) error
	PeriodTotals(ctx context.Context, period string) ([]ReporterTotal, error)
	InsertStatement(ctx context.Context, s *domain.PayoutStatement) error
}

// JobRuns backs once.Do for the scheduled jobs.
type JobRuns interface {
	once.Store
}

type Alerts interface {
	LogAttempt(ctx context.Context, a *domain.AlertAttempt) error
}

type InboundMessages interface {
	Insert(ctx context.Context, m *domain.InboundSMS) error
}
