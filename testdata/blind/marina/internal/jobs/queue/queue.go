// Package queue holds the river job argument types and the Enqueuer used by
// services to schedule background work.
package queue

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

const (
	QueueDefault   = river.QueueDefault
	QueueMessaging = "messaging"
	QueuePayments  = "payments"
	QueueBatch     = "batch"
)

// SendNotificationArgs delivers one stored notification by SMS.
type SendNotificationArgs struct {
	NotificationID string `json:"notification_id"`
}

func (SendNotificationArgs) Kind() string { return "send_notification" }

func (SendNotificationArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMessaging,
		MaxAttempts: 8,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// SendReceiptArgs texts a fuel dock receipt to the customer.
type SendReceiptArgs struct {
	SaleID     string `json:"sale_id"`
	Phone      string `json:"phone"`
	RequestRef string `json:"request_ref"`
}

func (SendReceiptArgs) Kind() string { return "send_fuel_receipt" }

func (SendReceiptArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMessaging,
		MaxAttempts: 5,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByPeriod: 24 * time.Hour},
	}
}

// HarbourDigestArgs texts the harbourmaster the next day's arrivals.
type HarbourDigestArgs struct {
	Date string `json:"date"` // YYYY-MM-DD
}

func (HarbourDigestArgs) Kind() string { return "harbour_digest" }

func (HarbourDigestArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessaging, MaxAttempts: 6, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// SettlementExportArgs exports one business day to the accounting system.
type SettlementExportArgs struct {
	BusinessDate string `json:"business_date"` // YYYY-MM-DD, marina local
}

func (SettlementExportArgs) Kind() string { return "settlement_export" }

func (SettlementExportArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueBatch, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// InstallmentSweepArgs charges seasonal-contract installments that are due.
type InstallmentSweepArgs struct{}

func (InstallmentSweepArgs) Kind() string { return "installment_sweep" }

func (InstallmentSweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 3}
}

// ArrivalRemindersArgs texts boaters arriving tomorrow.
type ArrivalRemindersArgs struct{}

func (ArrivalRemindersArgs) Kind() string { return "arrival_reminders" }

func (ArrivalRemindersArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessaging, MaxAttempts: 3}
}

// OutboxRelayArgs publishes pending outbox rows to AMQP.
type OutboxRelayArgs struct{}

func (OutboxRelayArgs) Kind() string { return "outbox_relay" }

func (OutboxRelayArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 1}
}

// Enqueuer schedules jobs, either on their own or inside a caller's
// transaction so the job exists only if the transaction commits.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs) error
	EnqueueTx(ctx context.Context, tx pgx.Tx, args river.JobArgs) error
}

type riverEnqueuer struct {
	client *river.Client[pgx.Tx]
}

// NewEnqueuer wraps a river client, which may be insert-only.
func NewEnqueuer(client *river.Client[pgx.Tx]) Enqueuer {
	return &riverEnqueuer{client: client}
}

func (e *riverEnqueuer) Enqueue(ctx context.Context, args river.JobArgs) error {
	_, err := e.client.Insert(ctx, args, nil)
	return err
}

func (e *riverEnqueuer) EnqueueTx(ctx context.Context, tx pgx.Tx, args river.JobArgs) error {
	_, err := e.client.InsertTx(ctx, tx, args, nil)
	return err
}
