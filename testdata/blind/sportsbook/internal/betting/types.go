// Package betting implements bet placement, cancellation, cash-out and
// settlement against the wallet.
package betting

import (
	"errors"
	"time"
)

// Bet statuses.
const (
	StatusOpen      = "open"
	StatusWon       = "won"
	StatusLost      = "lost"
	StatusVoid      = "void"
	StatusCashedOut = "cashed_out"
	StatusCancelled = "cancelled"
)

// Stake pockets.
const (
	PocketCash    = "cash"
	PocketFreeBet = "freebet"
)

// CancelWindow is how long after placement a player may cancel a bet.
const CancelWindow = 30 * time.Second

var (
	ErrMissingRequestID  = errors.New("betting: request id is required")
	ErrMarketClosed      = errors.New("betting: market is not open for betting")
	ErrPriceChanged      = errors.New("betting: price has changed")
	ErrBetNotFound       = errors.New("betting: bet not found")
	ErrNotCancellable    = errors.New("betting: bet can no longer be cancelled")
	ErrNotCashable       = errors.New("betting: bet is not available for cash out")
	ErrOfferBelowMinimum = errors.New("betting: cash out offer is below the requested minimum")
	ErrFreeBetUnusable   = errors.New("betting: free bet is not available")
)

// Bet is a row of bets.
type Bet struct {
	ID              string     `db:"id" json:"id"`
	PlayerID        string     `db:"player_id" json:"player_id"`
	RequestID       string     `db:"request_id" json:"request_id"`
	EventID         string     `db:"event_id" json:"event_id"`
	MarketID        string     `db:"market_id" json:"market_id"`
	SelectionID     string     `db:"selection_id" json:"selection_id"`
	PriceMilli      int64      `db:"price_milli" json:"price_milli"`
	Stake           int64      `db:"stake" json:"stake"`
	StakePocket     string     `db:"stake_pocket" json:"stake_pocket"`
	FreeBetID       *string    `db:"free_bet_id" json:"free_bet_id,omitempty"`
	PotentialPayout int64      `db:"potential_payout" json:"potential_payout"`
	Status          string     `db:"status" json:"status"`
	Payout          int64      `db:"payout" json:"payout"`
	PlacedAt        time.Time  `db:"placed_at" json:"placed_at"`
	SettledAt       *time.Time `db:"settled_at" json:"settled_at,omitempty"`
}

// Market is a row of markets.
type Market struct {
	ID               string     `db:"id"`
	EventID          string     `db:"event_id"`
	Name             string     `db:"name"`
	Status           string     `db:"status"`
	WinningSelection *string    `db:"winning_selection"`
	ResultSeq        int64      `db:"result_seq"`
	StartsAt         time.Time  `db:"starts_at"`
	SettledAt        *time.Time `db:"settled_at"`
}

// PlaceBetInput is a bet slip.
type PlaceBetInput struct {
	PlayerID          string
	RequestID         string
	MarketID          string
	SelectionID       string
	PriceMilli        int64
	Stake             int64
	FreeBetID         string
	AcceptPriceChange bool
}

// CashOutInput asks to settle an open bet early.
type CashOutInput struct {
	PlayerID  string
	BetID     string
	MinAmount int64
}

// CashOutResult is the outcome of a cash-out.
type CashOutResult struct {
	BetID  string
	Amount int64
	Status string
}

// MarketResult is the feed's final result for a market.
type MarketResult struct {
	MarketID         string
	WinningSelection string
	Seq              int64
}

// Correction replaces a previously published result.
type Correction struct {
	CorrectionID     string
	MarketID         string
	WinningSelection string
	Seq              int64
}

// Deduction is a Rule 4 style reduction of winnings after a late withdrawal
// in the field.
type Deduction struct {
	EventID  string
	MarketID string
	Percent  int64
	Reason   string
}

// OddsUpdate is a price change from the feed.
type OddsUpdate struct {
	MarketID    string
	SelectionID string
	PriceMilli  int64
	Seq         int64
}
