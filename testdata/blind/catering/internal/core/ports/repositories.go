package ports

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type CustomerRepository interface {
	UpsertByEmail(ctx context.Context, c domain.Customer) (domain.Customer, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Customer, error)
	AddCredit(ctx context.Context, customerID uuid.UUID, source, sourceRef string, cents int64) error
}

type EnquiryRepository interface {
	Insert(ctx context.Context, e domain.Enquiry) error
	Get(ctx context.Context, id uuid.UUID) (domain.Enquiry, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.EnquiryStatus) error
}

type QuoteRepository interface {
	Insert(ctx context.Context, q domain.Quote) error
	Get(ctx context.Context, id uuid.UUID) (domain.Quote, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Quote, error)
	MarkAccepted(ctx context.Context, id uuid.UUID, at time.Time) error
	ExpireBefore(ctx context.Context, cutoff time.Time) (int64, error)
}

type EventRepository interface {
	// CreateForQuote inserts the event for a quote unless one already exists
	// and returns the stored row.
	CreateForQuote(ctx context.Context, e domain.Event) (domain.Event, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Event, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Event, error)
	UpsertMenu(ctx context.Context, eventID uuid.UUID, sel []domain.MenuSelection) error
	ApplyHeadcountChange(ctx context.Context, ch domain.HeadcountChange) (domain.Event, error)
	AddPaid(ctx context.Context, id uuid.UUID, cents int64) (domain.Event, error)
	RecomputeRefunded(ctx context.Context, id uuid.UUID) error
	SetStatus(ctx context.Context, id uuid.UUID, status domain.EventStatus) error
	InsertCancellation(ctx context.Context, c domain.Cancellation) error
	ListOnDate(ctx context.Context, day time.Time) ([]domain.Event, error)
}

type TastingRepository interface {
	Insert(ctx context.Context, t domain.Tasting) error
	Get(ctx context.Context, id domain.TastingID) (domain.Tasting, error)
	CountAtSlot(ctx context.Context, slot time.Time) (int, error)
	SetPaymentIntent(ctx context.Context, id domain.TastingID, piID string) error
	MarkCompleted(ctx context.Context, id domain.TastingID, at time.Time) error
}

type PaymentRepository interface {
	// ClaimDeposit inserts the deposit row for an event if none exists and
	// returns whichever row is stored.
	ClaimDeposit(ctx context.Context, p domain.Payment) (domain.Payment, error)
	InsertAttempt(ctx context.Context, p domain.Payment) error
	Get(ctx context.Context, id uuid.UUID) (domain.Payment, error)
	FindSucceeded(ctx context.Context, eventID uuid.UUID, purpose domain.PaymentPurpose) (*domain.Payment, error)
	ListSucceeded(ctx context.Context, eventID uuid.UUID) ([]domain.Payment, error)
	RecordProviderResult(ctx context.Context, id uuid.UUID, piID string, status domain.PaymentStatus) error
	GetByIntent(ctx context.Context, piID string) (domain.Payment, error)
	MarkFailedByIntent(ctx context.Context, piID, code string) error
	MarkSucceededByIntent(ctx context.Context, piID string) (domain.Payment, error)
}

type RefundRepository interface {
	ClaimForPayment(ctx context.Context, r domain.Refund) (domain.Refund, error)
	RecordProviderResult(ctx context.Context, id uuid.UUID, stripeRefundID string, status domain.RefundStatus) error
	UpsertFromProvider(ctx context.Context, stripeRefundID string, paymentIntentID string, amount int64, status domain.RefundStatus) (uuid.UUID, error)
}

type VenueRepository interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Venue, error)
	ListWithBalance(ctx context.Context) ([]domain.Venue, error)
	AccrueCommission(ctx context.Context, c domain.Commission) (bool, error)
	AdjustBalance(ctx context.Context, venueID, eventID uuid.UUID, cents int64, reason string) error
	ClaimPayout(ctx context.Context, p domain.VenuePayout) (domain.VenuePayout, bool, error)
	GetPayout(ctx context.Context, id uuid.UUID) (domain.VenuePayout, error)
	CompletePayout(ctx context.Context, id uuid.UUID, transferID string, at time.Time) error
	FailPayout(ctx context.Context, id uuid.UUID) error
}

type StaffRepository interface {
	GetShift(ctx context.Context, id uuid.UUID) (domain.Shift, error)
	ListStaff(ctx context.Context, ids []uuid.UUID) ([]domain.StaffMember, error)
	Assign(ctx context.Context, shiftID uuid.UUID, staffIDs []uuid.UUID) ([]domain.ShiftAssignment, error)
	Claim(ctx context.Context, shiftID, staffID uuid.UUID) (bool, error)
	AssignedCount(ctx context.Context, shiftID uuid.UUID) (int, error)
	RemindersFor(ctx context.Context, from, to time.Time) ([]domain.ShiftReminder, error)
}

type PurchaseOrderRepository interface {
	// CreateDraft inserts a draft for (event, supplier) unless one exists.
	// created reports whether this call inserted it.
	CreateDraft(ctx context.Context, po domain.PurchaseOrder) (stored domain.PurchaseOrder, created bool, err error)
	Get(ctx context.Context, id uuid.UUID) (domain.PurchaseOrder, error)
	ListForEvent(ctx context.Context, eventID uuid.UUID) ([]domain.PurchaseOrder, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, partnerOrderID string, at time.Time) error
	AddAmendment(ctx context.Context, poID uuid.UUID, from, to int, partnerAmendmentID string, extra []domain.POLine) error
	InsertConfirmation(ctx context.Context, c domain.SupplierConfirmation) error
	MarkShipped(ctx context.Context, partnerOrderID string, at time.Time) error
	MarkCancelled(ctx context.Context, id uuid.UUID, at time.Time) error
}

type DietaryRepository interface {
	Insert(ctx context.Context, f domain.DietaryForm) error
	ListForEvent(ctx context.Context, eventID uuid.UUID) ([]domain.DietaryForm, error)
}

type MessageRepository interface {
	ListGuests(ctx context.Context, eventID uuid.UUID) ([]domain.Guest, error)
	// ClaimMessage stores the message for (batch, guest) unless it exists and
	// returns the stored row.
	ClaimMessage(ctx context.Context, m domain.SMSMessage) (domain.SMSMessage, error)
	MarkSent(ctx context.Context, id, providerMessageID string, at time.Time) error
	InsertReceipt(ctx context.Context, r domain.DeliveryReceipt) error
	UpdateStatusByProviderID(ctx context.Context, providerMessageID string, status domain.SMSStatus) error
	RecordOptOut(ctx context.Context, phone, keyword string) error
}

// IdempotencyStore persists responses keyed by a client-supplied key.
type IdempotencyStore interface {
	// Claim reserves (scope, key). If the key was already claimed, the stored
	// record is returned and claimed is false.
	Claim(ctx context.Context, scope, key, requestHash string) (rec *IdempotencyRecord, claimed bool, err error)
	Lookup(ctx context.Context, scope, key string) (*IdempotencyRecord, error)
	Complete(ctx context.Context, scope, key string, status int, body []byte) error
	Save(ctx context.Context, scope, key, requestHash string, status int, body []byte) error
}

type IdempotencyRecord struct {
	Scope       string
	Key         string
	RequestHash string
	StatusCode  int
	Response    []byte
	Completed   bool
}

// WebhookEventStore remembers provider event IDs that were handled.
type WebhookEventStore interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, eventID, eventType string) error
}
