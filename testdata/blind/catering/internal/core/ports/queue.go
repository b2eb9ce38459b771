package ports

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// JobArgs is satisfied by every background job payload.
type JobArgs interface {
	Kind() string
}

// JobQueue enqueues background work. When ctx carries a transaction the job
// is inserted in it.
type JobQueue interface {
	Enqueue(ctx context.Context, args JobArgs, opts ...EnqueueOption) error
}

type SubmitPurchaseOrderJob struct {
	PurchaseOrderID uuid.UUID `json:"purchase_order_id"`
}

func (SubmitPurchaseOrderJob) Kind() string { return "purchasing.submit_order" }

type AmendPurchaseOrderJob struct {
	PurchaseOrderID uuid.UUID `json:"purchase_order_id"`
	HeadcountFrom   int       `json:"headcount_from"`
	HeadcountTo     int       `json:"headcount_to"`
}

func (AmendPurchaseOrderJob) Kind() string { return "purchasing.amend_order" }

type CancelSupplierOrdersJob struct {
	EventID uuid.UUID `json:"event_id"`
}

func (CancelSupplierOrdersJob) Kind() string { return "purchasing.cancel_orders" }

type GuestMessageBatchJob struct {
	EventID  uuid.UUID `json:"event_id"`
	BatchID  string    `json:"batch_id"`
	Template string    `json:"template"`
	Body     string    `json:"body"`
}

func (GuestMessageBatchJob) Kind() string { return "messaging.guest_batch" }

type CancellationRefundJob struct {
	EventID   uuid.UUID `json:"event_id"`
	RefundBPS int       `json:"refund_bps"`
}

func (CancellationRefundJob) Kind() string { return "payments.cancellation_refund" }

type VenuePayoutJob struct {
	PayoutID uuid.UUID `json:"payout_id"`
}

func (VenuePayoutJob) Kind() string { return "payouts.venue_payout" }

// Periodic jobs run by the scheduler.

type ExpireQuotesJob struct{}

func (ExpireQuotesJob) Kind() string { return "quotes.expire" }

type PlanEventDayMessagesJob struct {
	Day time.Time `json:"day"`
}

func (PlanEventDayMessagesJob) Kind() string { return "messaging.plan_event_day" }

type PlanVenuePayoutsJob struct {
	Period string `json:"period"`
}

func (PlanVenuePayoutsJob) Kind() string { return "payouts.plan" }

type StaffRemindersJob struct {
	Day time.Time `json:"day"`
}

func (StaffRemindersJob) Kind() string { return "staffing.reminders" }
