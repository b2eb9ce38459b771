package ports

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type SubmitEnquiry struct {
	IdempotencyKey string
	Name           string
	Email          string
	Phone          string
	VenueID        *uuid.UUID
	EventDate      time.Time
	GuestCount     int
	Style          domain.ServiceStyle
	BudgetCents    *int64
	Notes          string
}

type EnquiryService interface {
	Submit(ctx context.Context, cmd SubmitEnquiry) (domain.Enquiry, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Enquiry, error)
}

type CreateQuote struct {
	EnquiryID       uuid.UUID
	MenuCode        string
	PerHeadCents    int64
	GuestCount      int
	ServiceFeeCents int64
	ValidDays       int
}

type QuoteService interface {
	Create(ctx context.Context, cmd CreateQuote) (domain.Quote, error)
	Accept(ctx context.Context, quoteID uuid.UUID) (domain.Event, error)
	ExpireStale(ctx context.Context) (int64, error)
}

type BookTasting struct {
	EnquiryID uuid.UUID
	SlotAt    time.Time
	Guests    int
}

type TastingService interface {
	Book(ctx context.Context, cmd BookTasting) (domain.Tasting, error)
	ChargeFee(ctx context.Context, id domain.TastingID, paymentMethodID string) (domain.Tasting, error)
	Complete(ctx context.Context, id domain.TastingID) (domain.Tasting, error)
}

type ChargeCommand struct {
	EventID         uuid.UUID
	PaymentMethodID string
}

type PaymentIntentUpdate struct {
	EventID         string
	PaymentIntentID string
	AmountCents     int64
	FailureCode     string
}

type RefundUpdate struct {
	StripeRefundID  string
	PaymentIntentID string
	AmountCents     int64
	Status          domain.RefundStatus
}

type PaymentService interface {
	ChargeDeposit(ctx context.Context, cmd ChargeCommand) (domain.Payment, error)
	ChargeBalance(ctx context.Context, cmd ChargeCommand) (domain.Payment, error)
	ApplySucceeded(ctx context.Context, u PaymentIntentUpdate) error
	ApplyFailed(ctx context.Context, u PaymentIntentUpdate) error
	ApplyRefundUpdate(ctx context.Context, u RefundUpdate) error
	RefundCancelledEvent(ctx context.Context, eventID uuid.UUID, refundBPS int) error
}

type ChangeHeadcount struct {
	IdempotencyKey string
	EventID        uuid.UUID
	Delta          int
	Reason         string
}

type CancelEvent struct {
	EventID     uuid.UUID
	Reason      string
	RequestedBy string
}

type EventService interface {
	SetMenu(ctx context.Context, eventID uuid.UUID, sel []domain.MenuSelection) error
	ChangeHeadcount(ctx context.Context, cmd ChangeHeadcount) (domain.HeadcountChange, error)
	Cancel(ctx context.Context, cmd CancelEvent) (domain.Cancellation, error)
}

type AssignShift struct {
	ShiftID  uuid.UUID
	StaffIDs []uuid.UUID
}

type StaffingService interface {
	Assign(ctx context.Context, cmd AssignShift) ([]domain.ShiftAssignment, error)
	Claim(ctx context.Context, shiftID, staffID uuid.UUID) error
	SendReminders(ctx context.Context, day time.Time) (int, error)
}

type CreatePurchaseOrder struct {
	EventID      uuid.UUID
	SupplierCode string
	DeliverOn    time.Time
	Lines        []domain.POLine
}

type PurchasingService interface {
	CreateOrder(ctx context.Context, cmd CreatePurchaseOrder) (domain.PurchaseOrder, error)
	Submit(ctx context.Context, poID uuid.UUID) error
	Amend(ctx context.Context, job AmendPurchaseOrderJob) error
	CancelForEvent(ctx context.Context, eventID uuid.UUID, requestKey string) error
	RecordConfirmation(ctx context.Context, c domain.SupplierConfirmation) error
	RecordShipment(ctx context.Context, partnerOrderID string, at time.Time) error
}

type SubmitDietaryForm struct {
	EventID      uuid.UUID
	GuestName    string
	GuestEmail   string
	Requirements []string
	Allergens    []string
	Notes        string
}

type DietaryService interface {
	Submit(ctx context.Context, cmd SubmitDietaryForm) (domain.DietaryForm, error)
	KitchenSummary(ctx context.Context, eventID uuid.UUID) (map[string]int, error)
}

type Announcement struct {
	EventID  uuid.UUID
	Template string
	Body     string
	SendAt   time.Time
}

type MessagingService interface {
	ScheduleAnnouncement(ctx context.Context, a Announcement) (batchID string, err error)
	SendBatch(ctx context.Context, job GuestMessageBatchJob) (sent int, err error)
	PlanEventDay(ctx context.Context, day time.Time) (int, error)
	RecordDelivery(ctx context.Context, r domain.DeliveryReceipt) error
	RecordInbound(ctx context.Context, m domain.InboundSMS) error
}

type PayoutService interface {
	PlanPayouts(ctx context.Context, period string) (int, error)
	PayVenue(ctx context.Context, payoutID uuid.UUID) error
}
