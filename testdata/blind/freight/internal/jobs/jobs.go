// Package jobs defines River job arguments and the enqueueing side of the
// job system. Workers live in package workers.
package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/idgen"
	"github.com/acme/freight/internal/platform/txm"
)

const (
	QueueBilling  = "billing"
	QueueWebhooks = "webhooks"
)

type GenerateInvoiceArgs struct {
	ShipmentID string `json:"shipment_id" river:"unique"`
}

func (GenerateInvoiceArgs) Kind() string { return "invoice.generate" }
func (GenerateInvoiceArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueBilling, MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

type ChargeAccessorialArgs struct {
	ShipmentID     string `json:"shipment_id" river:"unique"`
	CarrierEventID string `json:"carrier_event_id" river:"unique"`
	FeeCode        string `json:"fee_code" river:"unique"`
	AmountCents    int64  `json:"amount_cents"`
	Currency       string `json:"currency"`
}

func (ChargeAccessorialArgs) Kind() string { return "billing.accessorial" }
func (ChargeAccessorialArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueBilling, MaxAttempts: 8, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

type NotifyTrackingArgs struct {
	ShipmentID  string    `json:"shipment_id" river:"unique"`
	Status      string    `json:"status"`
	OccurredAt  time.Time `json:"occurred_at"`
	DedupeToken string    `json:"dedupe_token" river:"unique"`
}

func (NotifyTrackingArgs) Kind() string { return "webhook.tracking" }
func (NotifyTrackingArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueWebhooks, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// NewNotifyTrackingArgs builds the notification job for a status change.
func NewNotifyTrackingArgs(shipmentID string, status domain.ShipmentStatus, occurredAt time.Time) NotifyTrackingArgs {
	return NotifyTrackingArgs{
		ShipmentID:  shipmentID,
		Status:      string(status),
		OccurredAt:  occurredAt,
		DedupeToken: idgen.ULID(),
	}
}

type DeliverInvoiceWebhookArgs struct {
	OutboxID string `json:"outbox_id" river:"unique"`
}

func (DeliverInvoiceWebhookArgs) Kind() string { return "webhook.invoice" }
func (DeliverInvoiceWebhookArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueWebhooks, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// Enqueuer inserts jobs. If ctx carries a txm transaction the job is inserted
// in that transaction and becomes visible only when it commits.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs) error
}

// RiverEnqueuer is the River-backed Enqueuer.
type RiverEnqueuer struct {
	client *river.Client[pgx.Tx]
}

func (e *RiverEnqueuer) Enqueue(ctx context.Context, args river.JobArgs) error {
	var err error
	if tx, ok := txm.TxFrom(ctx); ok {
		_, err = e.client.InsertTx(ctx, tx, args, nil)
	} else {
		_, err = e.client.Insert(ctx, args, nil)
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

// NewEnqueuer builds an insert-only River client on the shared pool.
func NewEnqueuer(pool *pgxpool.Pool) (*RiverEnqueuer, error) {
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{})
	if err != nil {
		return nil, fmt.Errorf("river insert client: %w", err)
	}
	return &RiverEnqueuer{client: client}, nil
}
