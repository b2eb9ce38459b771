// Package jobs declares the river job kinds and a small enqueue facade so
// services do not depend on the river client type directly.
package jobs

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

const (
	QueueDefault  = river.QueueDefault
	QueuePayments = "payments"
	QueueCarrier  = "carrier"
	QueueWebhooks = "webhooks"
)

// IssueRefundArgs submits a stored refund row to Stripe.
type IssueRefundArgs struct {
	RefundID string `json:"refund_id"`
}

func (IssueRefundArgs) Kind() string { return "refund.issue" }
func (IssueRefundArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// GrantStoreCreditArgs credits the refundable amount of a return to the
// customer's Stripe balance.
type GrantStoreCreditArgs struct {
	ReturnID string `json:"return_id"`
}

func (GrantStoreCreditArgs) Kind() string { return "store_credit.grant" }
func (GrantStoreCreditArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// BookLabelArgs books the carrier label for an approved return.
type BookLabelArgs struct {
	ReturnID     string `json:"return_id"`
	ServiceLevel string `json:"service_level"`
}

func (BookLabelArgs) Kind() string { return "label.book" }
func (BookLabelArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueCarrier, MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ReissueLabelArgs books a replacement label after the carrier expired or
// voided the original one.
type ReissueLabelArgs struct {
	ReturnID   string `json:"return_id"`
	ShipmentID string `json:"shipment_id"`
	Reason     string `json:"reason"`
}

func (ReissueLabelArgs) Kind() string { return "label.reissue" }
func (ReissueLabelArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueCarrier, MaxAttempts: 8}
}

// DeliverWebhookArgs delivers one outbox message to the merchant's endpoints.
type DeliverWebhookArgs struct {
	OutboxID string `json:"outbox_id"`
}

func (DeliverWebhookArgs) Kind() string { return "webhook.deliver" }
func (DeliverWebhookArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueWebhooks, MaxAttempts: 18}
}

// RefundNoticeArgs tells the merchant that a refund settled.
type RefundNoticeArgs struct {
	RefundID string `json:"refund_id"`
}

func (RefundNoticeArgs) Kind() string { return "merchant.refund_notice" }
func (RefundNoticeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueWebhooks, MaxAttempts: 10}
}

// ExpireReturnsArgs is the periodic sweep that expires stale open returns.
type ExpireReturnsArgs struct{}

func (ExpireReturnsArgs) Kind() string { return "returns.expire" }

// LabelReminderArgs is the periodic sweep that reminds customers to ship.
type LabelReminderArgs struct{}

func (LabelReminderArgs) Kind() string { return "returns.label_reminder" }

// Enqueuer inserts jobs, optionally in the caller's transaction.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs) error
	EnqueueTx(ctx context.Context, tx pgx.Tx, args river.JobArgs) error
	EnqueueAt(ctx context.Context, args river.JobArgs, at time.Time) error
}

type RiverEnqueuer struct {
	Client *river.Client[pgx.Tx]
}

func (e RiverEnqueuer) Enqueue(ctx context.Context, args river.JobArgs) error {
	_, err := e.Client.Insert(ctx, args, nil)
	return err
}

func (e RiverEnqueuer) EnqueueTx(ctx context.Context, tx pgx.Tx, args river.JobArgs) error {
	_, err := e.Client.InsertTx(ctx, tx, args, nil)
	return err
}

func (e RiverEnqueuer) EnqueueAt(ctx context.Context, args river.JobArgs, at time.Time) error {
	_, err := e.Client.Insert(ctx, args, &river.InsertOpts{ScheduledAt: at})
	return err
}
