// Package jobs defines the River job arguments and the enqueuer the services
// use to schedule background work.
package jobs

import (
	"time"

	"github.com/riverqueue/river"
)

// Queues.
const (
	QueuePayments = "payments"
	QueuePayouts  = "payouts"
	QueueLedger   = "ledger"
)

// ReleaseFundsArgs releases an escrow's funds to the seller. One job per
// escrow: duplicates are dropped while a job for the escrow exists.
type ReleaseFundsArgs struct {
	EscrowID string `json:"escrow_id"`
}

func (ReleaseFundsArgs) Kind() string { return "release_funds" }

func (ReleaseFundsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayments,
		MaxAttempts: 10,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// DailyPayoutBatchArgs builds the payout batch for one calendar day (UTC).
type DailyPayoutBatchArgs struct {
	BatchDate string `json:"batch_date"` // YYYY-MM-DD
}

func (DailyPayoutBatchArgs) Kind() string { return "daily_payout_batch" }

func (DailyPayoutBatchArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayouts,
		MaxAttempts: 5,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// SellerPayoutArgs pays out one payout item.
type SellerPayoutArgs struct {
	PayoutItemID int64 `json:"payout_item_id"`
}

func (SellerPayoutArgs) Kind() string { return "seller_payout" }

func (SellerPayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayouts,
		MaxAttempts: 8,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// SettlePlatformFeesArgs sweeps one day's platform fees in the ledger.
type SettlePlatformFeesArgs struct {
	Date string `json:"date"` // YYYY-MM-DD
}

func (SettlePlatformFeesArgs) Kind() string { return "settle_platform_fees" }

func (SettlePlatformFeesArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      QueueLedger,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	}
}

// DateLayout is the layout of date-valued job arguments.
const DateLayout = time.DateOnly
