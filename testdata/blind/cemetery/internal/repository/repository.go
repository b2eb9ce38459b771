// Package repository declares the persistence interfaces the services use.
// Implementations live in repository/pg and join the transaction carried in
// the context when there is one.
package repository

import (
	"context"
	"errors"
	"time"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
)

var (
	ErrNotFound = errors.New("repository: not found")
	ErrConflict = errors.New("repository: conflict")
)

type Families interface {
	Get(ctx context.Context, id string) (domain.Family, error)
	Contacts(ctx context.Context, familyID string) ([]domain.Contact, error)
	InsertMessage(ctx context.Context, m domain.FamilyMessage) error
}

type Plots interface {
	Get(ctx context.Context, id string) (domain.Plot, error)
	// Hold marks an available plot as held by reservationID. It reports
	// false when the plot is not available to this reservation.
	Hold(ctx context.Context, plotID, reservationID string) (bool, error)
	Release(ctx context.Context, plotID, reservationID string) error
	AssignOwner(ctx context.Context, plotID, familyID string) error
}

type Reservations interface {
	// CreateOrGet inserts r unless a reservation with the same request key
	// exists, in which case the existing one is returned with created=false.
	CreateOrGet(ctx context.Context, r domain.Reservation) (res domain.Reservation, created bool, err error)
	Get(ctx context.Context, id string) (domain.Reservation, error)
	SetPaymentIntent(ctx context.Context, id, customerID, paymentIntentID string) error
	ConfirmByPaymentIntent(ctx context.Context, paymentIntentID string) (domain.Reservation, bool, error)
	Cancel(ctx context.Context, id, reason string) (bool, error)
	MarkRefunded(ctx context.Context, id, refundID string) (bool, error)
}

type Transfers interface {
	Insert(ctx context.Context, t domain.PlotTransfer) error
}

type Interments interface {
	CreateOrGet(ctx context.Context, in domain.Interment) (domain.Interment, bool, error)
	Get(ctx context.Context, id string) (domain.Interment, error)
	SetBooking(ctx context.Context, id, bookingRef string) (bool, error)
	Reschedule(ctx context.Context, id string, from, to time.Time) (bool, error)
	SetStatus(ctx context.Context, id, status string) error
	DueForReminder(ctx context.Context, from, to time.Time) ([]domain.Interment, error)
	MarkReminded(ctx context.Context, id string, at time.Time) error
	AppendTimeline(ctx context.Context, e domain.TimelineEntry) error
	RecordCallAttempt(ctx context.Context, a domain.PartnerCallAttempt) error
	FindByBookingRef(ctx context.Context, ref string) (domain.Interment, error)
}

type PartnerEvents interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	Mark(ctx context.Context, eventID, eventType string) error
}

type EngravingOrders interface {
	Insert(ctx context.Context, o domain.EngravingOrder) error
	Get(ctx context.Context, id string) (domain.EngravingOrder, error)
	InsertSubmission(ctx context.Context, orderID, vendorRef, proofURL string) error
	MarkSubmitted(ctx context.Context, id, vendorRef string) (bool, error)
}

type CareAccounts interface {
	Get(ctx context.Context, id string) (domain.CareAccount, error)
	DueForBilling(ctx context.Context, asOf time.Time, limit int) ([]domain.CareAccount, error)
	AdvanceBillingDate(ctx context.Context, id string, next time.Time) error
	AdjustBalance(ctx context.Context, id string, deltaCents int64) error
}

type CareInvoices interface {
	// CreateForPeriod inserts inv unless the account already has an
	// invoice for inv.Period; created reports which happened.
	CreateForPeriod(ctx context.Context, inv domain.CareInvoice) (domain.CareInvoice, bool, error)
	Get(ctx context.Context, id string) (domain.CareInvoice, error)
	MarkPaid(ctx context.Context, id, paymentIntentID string) (bool, error)
	MarkFailed(ctx context.Context, id, reason string) (bool, error)
	FindByPaymentIntent(ctx context.Context, paymentIntentID string) (domain.CareInvoice, error)
}

type CarePayments interface {
	Insert(ctx context.Context, p domain.CarePayment) error
}

type StripeEvents interface {
	// Claim records eventID and reports whether this call was the first.
	Claim(ctx context.Context, eventID, eventType string) (bool, error)
	AppendPaymentEvent(ctx context.Context, e domain.PaymentEvent) error
}

type SMSDeliveries interface {
	Exists(ctx context.Context, dedupKey, contactID string) (bool, error)
	Insert(ctx context.Context, d domain.SMSDelivery) error
}
