// Package service holds the application's use cases. Services depend on the
// narrow interfaces below; the repository and provider packages satisfy
// them and are bound in the wire injector.
package service

import (
	"context"
	"time"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/provider/mailer"
	"github.com/larkspur-travel/tourdesk/internal/provider/stripepay"
	"github.com/larkspur-travel/tourdesk/internal/provider/supplierapi"
	"github.com/larkspur-travel/tourdesk/internal/repository"
)

// BookingStore is the booking repository.
type BookingStore interface {
	Create(ctx context.Context, b *domain.Booking) error
	Get(ctx context.Context, id string) (*domain.Booking, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Booking, error)
	TransitionStatus(ctx context.Context, id string, from []domain.BookingStatus, to domain.BookingStatus) (bool, error)
	AddPayment(ctx context.Context, id string, amount int64) (*domain.Booking, error)
	SetPaymentMethod(ctx context.Context, id, customerID, paymentMethodID string) error
	ListExpiredPending(ctx context.Context, now time.Time, limit int) ([]domain.Booking, error)
	ListActiveForDeparture(ctx context.Context, departureID string) ([]domain.Booking, error)
	ListBalanceDue(ctx context.Context, by time.Time, limit int) ([]domain.Booking, error)
	ListDueForPreDeparture(ctx context.Context, day time.Time, template string) ([]domain.Booking, error)
}

// DepartureStore is the departure and supplier catalogue repository.
type DepartureStore interface {
	GetTour(ctx context.Context, id string) (*domain.Tour, error)
	CreateIfAbsent(ctx context.Context, d *domain.Departure) (bool, error)
	GetByTourDate(ctx context.Context, tourID string, start time.Time) (*domain.Departure, error)
	Get(ctx context.Context, id string) (*domain.Departure, error)
	ReserveSeats(ctx context.Context, id string, n int) (bool, error)
	ReleaseSeats(ctx context.Context, id string, n int) error
	AddConfirmedRooms(ctx context.Context, id string, n int) error
	LockManifestsStartingBefore(ctx context.Context, cutoff time.Time) ([]string, error)
	Services(ctx context.Context, departureID string) ([]domain.DepartureService, error)
	ServicesForSupplier(ctx context.Context, departureID, supplierID string) ([]domain.DepartureService, error)
	GetSupplier(ctx context.Context, id string) (*domain.Supplier, error)
	GetSupplierByPartnerCode(ctx context.Context, code string) (*domain.Supplier, error)
}

// TravellerStore is the manifest repository.
type TravellerStore interface {
	Insert(ctx context.Context, t *domain.Traveller) error
	Update(ctx context.Context, t *domain.Traveller) (bool, error)
	Delete(ctx context.Context, bookingID, id string) error
	Get(ctx context.Context, bookingID, id string) (*domain.Traveller, error)
	CountByBooking(ctx context.Context, bookingID string) (int, error)
	ListByBooking(ctx context.Context, bookingID string) ([]domain.Traveller, error)
	ListByDeparture(ctx context.Context, departureID string) ([]domain.Traveller, error)
}

// HoldStore is the supplier hold repository.
type HoldStore interface {
	Ensure(ctx context.Context, h *domain.SupplierHold) (*domain.SupplierHold, error)
	Get(ctx context.Context, id string) (*domain.SupplierHold, error)
	GetBySupplierRef(ctx context.Context, partnerCode, ref string) (*domain.SupplierHold, error)
	ListByBooking(ctx context.Context, bookingID string) ([]domain.SupplierHold, error)
	ListForInvoice(ctx context.Context, departureID, supplierID string) ([]domain.SupplierHold, error)
	MarkPlaced(ctx context.Context, id, ref string, expiresAt *time.Time) error
	MarkFailed(ctx context.Context, id, reason string) error
	ConfirmByRef(ctx context.Context, partnerCode, ref string) (*domain.SupplierHold, error)
	ExpireByRef(ctx context.Context, partnerCode, ref string) (bool, error)
	MarkReleased(ctx context.Context, id string) (bool, error)
}

// PaymentStore is the payment repository.
type PaymentStore interface {
	EnsureCardPayment(ctx context.Context, p *domain.Payment) (*domain.Payment, error)
	InsertManual(ctx context.Context, p *domain.Payment) error
	Get(ctx context.Context, id string) (*domain.Payment, error)
	AttachIntent(ctx context.Context, id, intentID string, status domain.PaymentStatus) error
	MarkSucceededByIntent(ctx context.Context, intentID string) (*domain.Payment, bool, error)
	MarkFailedByIntent(ctx context.Context, intentID string) error
	ListSucceeded(ctx context.Context, bookingID string) ([]domain.Payment, error)
	LogAttempt(ctx context.Context, a *domain.PaymentAttempt) error
}

// RefundStore is the cancellation and refund repository.
type RefundStore interface {
	InsertCancellation(ctx context.Context, c *domain.Cancellation) error
	GetCancellationByBooking(ctx context.Context, bookingID string) (*domain.Cancellation, error)
	Create(ctx context.Context, rf *domain.Refund) error
	Get(ctx context.Context, id string) (*domain.Refund, error)
	ListByCancellation(ctx context.Context, cancellationID string) ([]domain.Refund, error)
	MarkSubmitted(ctx context.Context, id, stripeRefundID string) error
	CompleteByStripeID(ctx context.Context, stripeRefundID string, status domain.RefundStatus) (bool, error)
}

// InvoiceStore is the supplier invoice and ledger repository.
type InvoiceStore interface {
	Create(ctx context.Context, inv *domain.SupplierInvoice) error
	Get(ctx context.Context, id string) (*domain.SupplierInvoice, error)
	GetForUpdate(ctx context.Context, id string) (*domain.SupplierInvoice, error)
	SetApproved(ctx context.Context, id string) error
	Dispute(ctx context.Context, id, reason string) (bool, error)
	SetReconciled(ctx context.Context, id string, variance int64) error
	MarkPaid(ctx context.Context, id string) error
	AppendLedger(ctx context.Context, e *domain.LedgerEntry) error
	SupplierBalance(ctx context.Context, supplierID string) (int64, error)
	AppendReconciliation(ctx context.Context, run *domain.ReconciliationRun) error
}

// PayoutStore is the payout repository.
type PayoutStore interface {
	Insert(ctx context.Context, p *domain.Payout) error
	Get(ctx context.Context, id string) (*domain.Payout, error)
	MarkPaid(ctx context.Context, id, transferID string) error
	MarkFailed(ctx context.Context, id string) error
}

// EmailStore tracks outbound email.
type EmailStore interface {
	Claim(ctx context.Context, d *domain.EmailDelivery) (*domain.EmailDelivery, bool, error)
	MarkSent(ctx context.Context, id, providerMessageID string) error
	MarkFailed(ctx context.Context, id string) error
	HasSent(ctx context.Context, bookingID, template string) (bool, error)
	RecordSent(ctx context.Context, d *domain.EmailDelivery) error
}

// ManifestStore records rooming-list submissions.
type ManifestStore interface {
	NextVersion(ctx context.Context, departureID, supplierID string) (int, error)
	Insert(ctx context.Context, s *domain.ManifestSubmission) error
	ListByDeparture(ctx context.Context, departureID string) ([]domain.ManifestSubmission, error)
}

// StripeEventLog records processed Stripe events.
type StripeEventLog interface {
	RecordStripeEvent(ctx context.Context, eventID, eventType string) (bool, error)
}

// IdempotencyStore stores client-supplied idempotency keys.
type IdempotencyStore interface {
	Reserve(ctx context.Context, scope, key, requestHash string) (bool, error)
	Get(ctx context.Context, scope, key string) (*repository.IdempotencyRecord, error)
	Complete(ctx context.Context, scope, key, resourceID string) error
}

// CardProcessor is the Stripe surface.
type CardProcessor interface {
	CreatePaymentIntent(ctx context.Context, req stripepay.ChargeRequest) (*stripepay.Intent, error)
	Refund(ctx context.Context, req stripepay.RefundRequest) (*stripepay.RefundResult, error)
	Transfer(ctx context.Context, req stripepay.TransferRequest) (string, error)
}

// SupplierGateway is the partner-gateway surface.
type SupplierGateway interface {
	PlaceHold(ctx context.Context, req supplierapi.HoldRequest) (*supplierapi.Hold, error)
	ReleaseHold(ctx context.Context, partnerCode, reference string) error
	SubmitRoomingList(ctx context.Context, list supplierapi.RoomingList) (*supplierapi.Submission, error)
}

// Mailer sends templated email.
type Mailer interface {
	Send(ctx context.Context, m mailer.Message) (string, error)
}

// Clock returns the current time; tests substitute a fixed clock.
type Clock func() time.Time
