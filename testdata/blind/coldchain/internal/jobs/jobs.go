// Package jobs defines the River job kinds, the enqueuer used by the API
// and consumers, and the workers run by cmd/worker.
package jobs

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// BookCarrierArgs tenders a shipment to a trucking partner.
type BookCarrierArgs struct {
	ShipmentID string `json:"shipment_id"`
}

func (BookCarrierArgs) Kind() string { return "carrier.book_truck" }

// CustomsFilingArgs lodges the pre-clearance filing of a shipment.
type CustomsFilingArgs struct {
	ShipmentID string `json:"shipment_id"`
}

func (CustomsFilingArgs) Kind() string { return "customs.pre_clearance" }

// ExcursionAlertArgs texts the shipper about a temperature excursion.
type ExcursionAlertArgs struct {
	AlertID uuid.UUID `json:"alert_id"`
}

func (ExcursionAlertArgs) Kind() string { return "alerts.excursion_sms" }

// ShipmentEventNoticeArgs emails the shipper about a security event.
type ShipmentEventNoticeArgs struct {
	EventID string `json:"event_id"`
}

func (ShipmentEventNoticeArgs) Kind() string { return "alerts.shipment_event_email" }

// InvoiceEmailArgs sends an issued invoice.
type InvoiceEmailArgs struct {
	InvoiceID string `json:"invoice_id"`
}

func (InvoiceEmailArgs) Kind() string { return "billing.invoice_email" }

// AutopayArgs charges an invoice to the shipper's saved card.
type AutopayArgs struct {
	InvoiceID string `json:"invoice_id"`
}

func (AutopayArgs) Kind() string { return "billing.autopay" }

// ClaimRefundArgs refunds an approved claim.
type ClaimRefundArgs struct {
	ClaimID string `json:"claim_id"`
}

func (ClaimRefundArgs) Kind() string { return "claims.refund" }

// DriverPayoutArgs settles one driver for one week.
type DriverPayoutArgs struct {
	DriverID    string    `json:"driver_id"`
	PeriodStart time.Time `json:"period_start"`
}

func (DriverPayoutArgs) Kind() string { return "payouts.driver" }

// Enqueuer inserts jobs. It satisfies the queue interfaces declared by the
// service packages.
type Enqueuer struct {
	client *river.Client[pgx.Tx]
}

func NewEnqueuer(client *river.Client[pgx.Tx]) *Enqueuer {
	return &Enqueuer{client: client}
}

// uniqueByArgs makes River drop an insert when a job of the same kind and
// args is already queued, running, or recently completed.
func uniqueByArgs() *river.InsertOpts {
	return &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

func (e *Enqueuer) EnqueueCarrierBooking(ctx context.Context, shipmentID string) error {
	_, err := e.client.Insert(ctx, BookCarrierArgs{ShipmentID: shipmentID}, uniqueByArgs())
	return err
}

func (e *Enqueuer) EnqueueCustomsFiling(ctx context.Context, shipmentID string) error {
	_, err := e.client.Insert(ctx, CustomsFilingArgs{ShipmentID: shipmentID}, uniqueByArgs())
	return err
}

func (e *Enqueuer) EnqueueExcursionAlert(ctx context.Context, alertID uuid.UUID) error {
	_, err := e.client.Insert(ctx, ExcursionAlertArgs{AlertID: alertID}, &river.InsertOpts{
		Queue:    "alerts",
		Priority: 1,
	})
	return err
}

func (e *Enqueuer) EnqueueShipmentEventNotice(ctx context.Context, eventID string) error {
	opts := uniqueByArgs()
	opts.Queue = "alerts"
	_, err := e.client.Insert(ctx, ShipmentEventNoticeArgs{EventID: eventID}, opts)
	return err
}

func (e *Enqueuer) EnqueueInvoiceEmailTx(ctx context.Context, tx pgx.Tx, invoiceID string) error {
	_, err := e.client.InsertTx(ctx, tx, InvoiceEmailArgs{InvoiceID: invoiceID}, uniqueByArgs())
	return err
}

func (e *Enqueuer) EnqueueAutopayTx(ctx context.Context, tx pgx.Tx, invoiceID string) error {
	opts := uniqueByArgs()
	// Give the emailed invoice a head start before the card is charged.
	opts.ScheduledAt = time.Now().Add(72 * time.Hour)
	_, err := e.client.InsertTx(ctx, tx, AutopayArgs{InvoiceID: invoiceID}, opts)
	return err
}

func (e *Enqueuer) EnqueueClaimRefundTx(ctx context.Context, tx pgx.Tx, claimID string) error {
	_, err := e.client.InsertTx(ctx, tx, ClaimRefundArgs{ClaimID: claimID}, uniqueByArgs())
	return err
}

func (e *Enqueuer) EnqueueDriverPayouts(ctx context.Context, periodStart time.Time, driverIDs []string) error {
	params := make([]river.InsertManyParams, 0, len(driverIDs))
	for _, id := range driverIDs {
		opts := uniqueByArgs()
		opts.Queue = "payouts"
		params = append(params, river.InsertManyParams{
			Args:       DriverPayoutArgs{DriverID: id, PeriodStart: periodStart},
			InsertOpts: opts,
		})
	}
	_, err := e.client.InsertMany(ctx, params)
	return err
}
