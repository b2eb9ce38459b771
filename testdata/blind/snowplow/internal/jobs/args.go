// Package jobs defines the River job arguments used across the services and
// a small enqueue helper that joins the caller's transaction.
package jobs

import (
	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

// PayoutArgs sends one payout to the bank partner. Round distinguishes a
// manual requeue of a failed payout from the original run.
type PayoutArgs struct {
	PayoutID uuid.UUID `json:"payout_id" river:"unique"`
	Round    int       `json:"round" river:"unique"`
}

func (PayoutArgs) Kind() string { return "payout.send" }

func (PayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMoney,
		MaxAttempts: 12,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// InvoiceArgs builds and submits the city invoice for a storm.
type InvoiceArgs struct {
	StormID uuid.UUID `json:"storm_id"`
}

func (InvoiceArgs) Kind() string { return "invoice.submit" }

func (InvoiceArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMoney,
		MaxAttempts: 20,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// NotifyArgs sends one stored notification.
type NotifyArgs struct {
	NotificationID uuid.UUID `json:"notification_id"`
}

func (NotifyArgs) Kind() string { return "notify.sms" }

// OutboxRelayArgs drains the outbox to JetStream.
type OutboxRelayArgs struct{}

func (OutboxRelayArgs) Kind() string { return "outbox.relay" }

// SaltReorderArgs checks yard stock and orders salt where it is low.
type SaltReorderArgs struct{}

func (SaltReorderArgs) Kind() string { return "salt.reorder" }

// SaltSnapshotArgs writes end-of-day stock figures for Day (YYYY-MM-DD).
type SaltSnapshotArgs struct {
	Day string `json:"day"`
}

func (SaltSnapshotArgs) Kind() string { return "salt.snapshot" }

// PayoutSweepArgs re-enqueues payouts stuck in queued.
type PayoutSweepArgs struct{}

func (PayoutSweepArgs) Kind() string { return "payout.sweep" }

// Queue names.
const (
	QueueMoney = "money"
	QueueOps   = "ops"
)
