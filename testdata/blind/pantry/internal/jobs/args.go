// Package jobs defines the River job arguments, the workers that run them
// and the enqueuer the services use to schedule them.
package jobs

import (
	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

const (
	queuePayments = "payments"
	queueDispatch = "dispatch"
	queueNotify   = "notify"
	queuePartners = "partners"
	queueDefault  = river.QueueDefault
)

func uniqueByArgs(queue string) river.InsertOpts {
	return river.InsertOpts{Queue: queue, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// CapturePaymentArgs captures an order's authorised payment.
type CapturePaymentArgs struct {
	OrderID uuid.UUID `json:"order_id" river:"unique"`
}

func (CapturePaymentArgs) Kind() string                 { return "capture_payment" }
func (CapturePaymentArgs) InsertOpts() river.InsertOpts { return uniqueByArgs(queuePayments) }

// RefundPaymentArgs refunds (part of) an order's payment.
type RefundPaymentArgs struct {
	OrderID     uuid.UUID `json:"order_id" river:"unique"`
	Reason      string    `json:"reason" river:"unique"`
	AmountCents int64     `json:"amount_cents"`
}

func (RefundPaymentArgs) Kind() string                 { return "refund_payment" }
func (RefundPaymentArgs) InsertOpts() river.InsertOpts { return uniqueByArgs(queuePayments) }

// SlotReminderArgs texts a customer about their slot.
type SlotReminderArgs struct {
	OrderID uuid.UUID `json:"order_id" river:"unique"`
	Purpose string    `json:"purpose" river:"unique"`
}

func (SlotReminderArgs) Kind() string                 { return "slot_reminder" }
func (SlotReminderArgs) InsertOpts() river.InsertOpts { return uniqueByArgs(queueNotify) }

// ExpireUnpaidArgs is the periodic sweep of unpaid orders.
type ExpireUnpaidArgs struct{}

func (ExpireUnpaidArgs) Kind() string { return "expire_unpaid_orders" }

// FinaliseBillingArgs issues the final invoice of an order.
type FinaliseBillingArgs struct {
	OrderID uuid.UUID `json:"order_id" river:"unique"`
}

func (FinaliseBillingArgs) Kind() string                 { return "finalise_billing" }
func (FinaliseBillingArgs) InsertOpts() river.InsertOpts { return uniqueByArgs(queuePayments) }

// DeliverOutboxEventArgs sends one outbox event to the retailer.
type DeliverOutboxEventArgs struct {
	EventID uuid.UUID `json:"event_id"`
}

func (DeliverOutboxEventArgs) Kind() string { return "deliver_outbox_event" }
func (DeliverOutboxEventArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queuePartners, MaxAttempts: 20}
}

// BookCourierArgs books a courier for a picker-packed order.
type BookCourierArgs struct {
	OrderID uuid.UUID `json:"order_id" river:"unique"`
}

func (BookCourierArgs) Kind() string                 { return "book_courier" }
func (BookCourierArgs) InsertOpts() river.InsertOpts { return uniqueByArgs(queueDispatch) }

// RetailerCancellationArgs tells a retailer that an order was cancelled.
type RetailerCancellationArgs struct {
	OrderID    uuid.UUID `json:"order_id"`
	RetailerID string    `json:"retailer_id"`
	Reason     string    `json:"reason"`
}

func (RetailerCancellationArgs) Kind() string { return "retailer_cancellation_webhook" }
func (RetailerCancellationArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queuePartners, MaxAttempts: 10}
}
