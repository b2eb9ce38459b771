package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// InsertClient is the insert-only River client used by the services. It is
// separate from the worker client so that workers can depend on services
// without a construction cycle.
type InsertClient struct {
	*river.Client[pgx.Tx]
}

// Enqueuer schedules jobs. When the context carries a transaction the job
// is inserted in it, so it commits or rolls back with the caller's writes.
type Enqueuer struct {
	client *river.Client[pgx.Tx]
}

// NewEnqueuer builds an Enqueuer.
func NewEnqueuer(c InsertClient) *Enqueuer { return &Enqueuer{client: c.Client} }

func insert[T river.JobArgs](ctx context.Context, e *Enqueuer, args T, opts *river.InsertOpts) error {
	var err error
	if tx, ok := pg.TxFromContext(ctx); ok {
		_, err = e.client.InsertTx(ctx, tx, args, opts)
	} else {
		_, err = e.client.Insert(ctx, args, opts)
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

// ScheduleSlotReminder schedules a customer text at the given time.
func (e *Enqueuer) ScheduleSlotReminder(ctx context.Context, orderID uuid.UUID, kind string, at time.Time) error {
	opts := SlotReminderArgs{}.InsertOpts()
	if at.After(time.Now()) {
		opts.ScheduledAt = at
	}
	return insert(ctx, e, SlotReminderArgs{OrderID: orderID, Purpose: kind}, &opts)
}

// EnqueueRefund schedules a refund.
func (e *Enqueuer) EnqueueRefund(ctx context.Context, orderID uuid.UUID, reason string, amountCents int64) error {
	return insert(ctx, e, RefundPaymentArgs{OrderID: orderID, Reason: reason, AmountCents: amountCents}, nil)
}

// EnqueueRetailerCancellation schedules the retailer cancellation webhook.
func (e *Enqueuer) EnqueueRetailerCancellation(ctx context.Context, orderID uuid.UUID, retailerID, reason string) error {
	return insert(ctx, e, RetailerCancellationArgs{OrderID: orderID, RetailerID: retailerID, Reason: reason}, nil)
}

// EnqueueCourierBooking schedules a courier booking.
func (e *Enqueuer) EnqueueCourierBooking(ctx context.Context, orderID uuid.UUID) error {
	return insert(ctx, e, BookCourierArgs{OrderID: orderID}, nil)
}

// EnqueueCapture schedules the payment capture.
func (e *Enqueuer) EnqueueCapture(ctx context.Context, orderID uuid.UUID) error {
	return insert(ctx, e, CapturePaymentArgs{OrderID: orderID}, nil)
}

// EnqueueBilling schedules the final invoice.
func (e *Enqueuer) EnqueueBilling(ctx context.Context, orderID uuid.UUID) error {
	return insert(ctx, e, FinaliseBillingArgs{OrderID: orderID}, nil)
}

// EnqueueOutboxDelivery schedules delivery of an outbox event.
func (e *Enqueuer) EnqueueOutboxDelivery(ctx context.Context, eventID uuid.UUID) error {
	return insert(ctx, e, DeliverOutboxEventArgs{EventID: eventID}, nil)
}
