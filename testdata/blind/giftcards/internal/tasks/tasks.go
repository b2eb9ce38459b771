// Package tasks declares the river job argument types shared by the API
// (which enqueues) and the worker (which executes).
package tasks

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

const (
	QueueDelivery    = "delivery"
	QueueIssuance    = "issuance"
	QueueSettlement  = "settlement"
	QueueWebhooks    = "webhooks"
	QueueMaintenance = "maintenance"
)

// Inserter is the subset of *river.Client[pgx.Tx] used by services.
type Inserter interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertManyTx(ctx context.Context, tx pgx.Tx, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
	InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
}

// IssueCards creates the cards for a corporate order.
type IssueCards struct {
	OrderID string `json:"order_id"`
}

func (IssueCards) Kind() string { return "issue_cards" }
func (IssueCards) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueIssuance, MaxAttempts: 10}
}

// DeliverCode sends a card code to its recipient for an existing delivery row.
type DeliverCode struct {
	DeliveryID string `json:"delivery_id"`
}

func (DeliverCode) Kind() string { return "deliver_code" }
func (DeliverCode) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDelivery, MaxAttempts: 8}
}

// FulfillPurchase issues the card for a paid consumer purchase.
type FulfillPurchase struct {
	PurchaseID string `json:"purchase_id"`
}

func (FulfillPurchase) Kind() string { return "fulfill_purchase" }
func (FulfillPurchase) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueIssuance, MaxAttempts: 12}
}

// ExpirySweep expires cards past their expiry date.
type ExpirySweep struct {
	BatchSize int `json:"batch_size"`
}

func (ExpirySweep) Kind() string { return "expiry_sweep" }
func (ExpirySweep) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMaintenance, MaxAttempts: 5}
}

// ExpiryReminder texts holders whose cards expire soon.
type ExpiryReminder struct{}

func (ExpiryReminder) Kind() string { return "expiry_reminder" }
func (ExpiryReminder) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMaintenance, MaxAttempts: 5}
}

// ScheduleSettlements fans out one BuildSettlement per merchant for a day.
type ScheduleSettlements struct{}

func (ScheduleSettlements) Kind() string { return "schedule_settlements" }
func (ScheduleSettlements) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueSettlement}
}

// BuildSettlement groups a merchant's unsettled redemptions for one day.
type BuildSettlement struct {
	MerchantID  string    `json:"merchant_id"`
	PeriodStart time.Time `json:"period_start"`
}

func (BuildSettlement) Kind() string { return "build_settlement" }
func (BuildSettlement) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueSettlement, MaxAttempts: 10}
}

// PayoutSettlement transfers a settlement's amount to the merchant.
type PayoutSettlement struct {
	SettlementID string `json:"settlement_id"`
}

func (PayoutSettlement) Kind() string { return "payout_settlement" }
func (PayoutSettlement) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueSettlement, MaxAttempts: 15}
}

// DispatchWebhook sends one webhook_outbox row to its merchant.
type DispatchWebhook struct {
	OutboxID string `json:"outbox_id"`
}

func (DispatchWebhook) Kind() string { return "dispatch_webhook" }
func (DispatchWebhook) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueWebhooks, MaxAttempts: 20}
}

// Late is an Inserter whose target is set after construction. The worker
// process needs the worker registry before it can build the river client,
// while some services built for that registry enqueue follow-up jobs.
type Late struct {
	Target Inserter
}

func (l *Late) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	return l.Target.Insert(ctx, args, opts)
}

func (l *Late) InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	return l.Target.InsertTx(ctx, tx, args, opts)
}

func (l *Late) InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error) {
	return l.Target.InsertMany(ctx, params)
}

func (l *Late) InsertManyTx(ctx context.Context, tx pgx.Tx, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error) {
	return l.Target.InsertManyTx(ctx, tx, params)
}
