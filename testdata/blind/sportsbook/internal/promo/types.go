// Package promo credits and expires promotional value: free bets and bonus
// money.
package promo

import "time"

// FreeBet is a row of free_bets.
type FreeBet struct {
	AwardID    string    `db:"award_id"`
	PlayerID   string    `db:"player_id"`
	CampaignID string    `db:"campaign_id"`
	Amount     int64     `db:"amount"`
	Status     string    `db:"status"`
	UsedBetID  *string   `db:"used_bet_id"`
	ExpiresAt  time.Time `db:"expires_at"`
	CreatedAt  time.Time `db:"created_at,readonly"`
}

// Bonus is a row of bonuses.
type Bonus struct {
	ID               string    `db:"id" json:"id"`
	PlayerID         string    `db:"player_id" json:"player_id"`
	Kind             string    `db:"kind" json:"kind"`
	Amount           int64     `db:"amount" json:"amount"`
	Remaining        int64     `db:"remaining" json:"remaining"`
	WageringRequired int64     `db:"wagering_required" json:"wagering_required"`
	Status           string    `db:"status" json:"status"`
	CampaignID       *string   `db:"campaign_id" json:"campaign_id,omitempty"`
	SourceRef        *string   `db:"source_ref" json:"source_ref,omitempty"`
	ExpiresAt        time.Time `db:"expires_at" json:"expires_at"`
	CreatedAt        time.Time `db:"created_at,readonly" json:"created_at"`
}

// FreeBetAward is the promotions engine's award message.
type FreeBetAward struct {
	AwardID    string
	PlayerID   string
	CampaignID string
	Amount     int64
	ValidFor   time.Duration
}

// DepositMatch awards bonus money proportional to a qualifying deposit.
type DepositMatch struct {
	PlayerID     string
	CampaignID   string
	DepositID    string
	DepositAmt   int64
	MatchPercent int64
	MaxBonus     int64
	Wagering     int64
	ValidFor     time.Duration
}

// Welcome describes the sign-up offer.
type Welcome struct {
	CampaignID string
	Amount     int64
	Wagering   int64
	ValidFor   time.Duration
}
