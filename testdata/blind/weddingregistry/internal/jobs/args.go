// Package jobs holds the River job definitions, the workers that call the
// services, and the Enqueuer the services use to schedule work.
package jobs

import (
	"time"

	"github.com/riverqueue/river"
)

// Queues.
const (
	QueueFulfillment = "fulfillment"
	QueueEmail       = "email"
	QueuePayouts     = "payouts"
	QueueMaintenance = "maintenance"
)

// PlaceOrderArgs orders a paid purchase from its retailer.
type PlaceOrderArgs struct {
	PurchaseID string `json:"purchase_id"`
}

func (PlaceOrderArgs) Kind() string { return "place_order" }

func (PlaceOrderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueFulfillment,
		MaxAttempts: 15,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// GroupGiftFulfillArgs orders the item of a fully funded group gift.
type GroupGiftFulfillArgs struct {
	GroupGiftID string `json:"group_gift_id"`
}

func (GroupGiftFulfillArgs) Kind() string { return "group_gift_fulfill" }

func (GroupGiftFulfillArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueFulfillment,
		MaxAttempts: 15,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// SendThankYouArgs delivers one thank-you note.
type SendThankYouArgs struct {
	NoteID string `json:"note_id"`
}

func (SendThankYouArgs) Kind() string { return "send_thank_you" }

func (SendThankYouArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      QueueEmail,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	}
}

// ContributionReceiptArgs emails a contribution receipt.
type ContributionReceiptArgs struct {
	ContributionID string `json:"contribution_id"`
}

func (ContributionReceiptArgs) Kind() string { return "contribution_receipt" }

func (ContributionReceiptArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      QueueEmail,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	}
}

// RegistryDigestArgs sends the daily activity digests.
type RegistryDigestArgs struct{}

func (RegistryDigestArgs) Kind() string { return "registry_digest" }

func (RegistryDigestArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueEmail, MaxAttempts: 5}
}

// AnnounceRegistryArgs tells a couple their registry is live.
type AnnounceRegistryArgs struct {
	RegistryID string `json:"registry_id"`
}

func (AnnounceRegistryArgs) Kind() string { return "announce_registry" }

func (AnnounceRegistryArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      QueueEmail,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	}
}

// CashFundPayoutArgs pays out one fund for a sweep period.
type CashFundPayoutArgs struct {
	CashFundID  string    `json:"cash_fund_id"`
	PeriodStart time.Time `json:"period_start"`
}

func (CashFundPayoutArgs) Kind() string { return "cash_fund_payout" }

func (CashFundPayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayouts,
		MaxAttempts: 10,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// PayoutSweepArgs schedules the day's fund payouts.
type PayoutSweepArgs struct{}

func (PayoutSweepArgs) Kind() string { return "payout_sweep" }

func (PayoutSweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, MaxAttempts: 5}
}

// ExpireReservationsArgs releases unpaid checkouts.
type ExpireReservationsArgs struct{}

func (ExpireReservationsArgs) Kind() string { return "expire_reservations" }

func (ExpireReservationsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMaintenance, MaxAttempts: 3}
}
