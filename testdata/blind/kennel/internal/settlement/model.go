// Package settlement computes each franchise's share of the night's
// boarding revenue and pays it out to their connected Stripe account.
package settlement

import (
	"time"

	"github.com/uptrace/bun"
)

// Payout statuses.
const (
	PayoutPending = "pending"
	PayoutPaid    = "paid"
	PayoutFailed  = "failed"
)

// Snapshot is one location's occupancy for one night.
type Snapshot struct {
	bun.BaseModel `bun:"table:occupancy_snapshots"`

	LocationID   string     `bun:"location_id,pk"`
	Night        time.Time  `bun:"night,pk,type:date"`
	FranchiseID  string     `bun:"franchise_id,notnull"`
	OccupiedRuns int        `bun:"occupied_runs,notnull"`
	Capacity     int        `bun:"capacity,notnull"`
	LodgingCents int64      `bun:"lodging_cents,notnull"`
	SettlementID *string    `bun:"settlement_id"`
	SettledAt    *time.Time `bun:"settled_at"`
	CreatedAt    time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

// LedgerEntry is a movement on a franchise's balance.
type LedgerEntry struct {
	bun.BaseModel `bun:"table:franchise_ledger"`

	ID          string    `bun:"id,pk"`
	FranchiseID string    `bun:"franchise_id,notnull"`
	Night       time.Time `bun:"night,type:date,notnull"`
	DeltaCents  int64     `bun:"delta_cents,notnull"`
	Memo        string    `bun:"memo,notnull"`
	CreatedAt   time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

// Settlement is a franchise's settled night.
type Settlement struct {
	bun.BaseModel `bun:"table:settlements"`

	ID          string    `bun:"id,pk"`
	FranchiseID string    `bun:"franchise_id,notnull"`
	Night       time.Time `bun:"night,type:date,notnull"`
	GrossCents  int64     `bun:"gross_cents,notnull"`
	FeeCents    int64     `bun:"fee_cents,notnull"`
	NetCents    int64     `bun:"net_cents,notnull"`
	CreatedAt   time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

// Payout transfers a settlement to the franchise.
type Payout struct {
	bun.BaseModel `bun:"table:payouts"`

	ID               string     `bun:"id,pk"`
	SettlementID     string     `bun:"settlement_id,notnull"`
	FranchiseID      string     `bun:"franchise_id,notnull"`
	AmountCents      int64      `bun:"amount_cents,notnull"`
	Currency         string     `bun:"currency,notnull"`
	Status           string     `bun:"status,notnull"`
	StripeTransferID *string    `bun:"stripe_transfer_id"`
	FailureMessage   *string    `bun:"failure_message"`
	CreatedAt        time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	PaidAt           *time.Time `bun:"paid_at"`
}

// Split divides gross lodging revenue into the platform fee and the
// franchise's net.
func Split(gross, feeBps int64) (fee, net int64) {
	fee = (gross*feeBps + 5000) / 10000
	return fee, gross - fee
}
