package models

import "time"

// Ledger entry kinds.
const (
	EntryRoyalty        = "royalty"
	EntryAdvance        = "advance"
	EntryRecoupment     = "recoupment"
	EntryPayout         = "payout"
	EntryPayoutReversal = "payout_reversal"
	EntryPayoutReturn   = "payout_return"
	EntryAdjustment     = "adjustment"
)

// LedgerEntry is one movement on an artist's account.
type LedgerEntry struct {
	ID           string `gorm:"primaryKey"`
	ArtistID     string
	Kind         string
	AmountMicros int64
	Currency     string
	RefType      string
	RefID        string
	Period       *string
	EntryKey     *string
	Memo         string
	CreatedAt    time.Time
}

func (LedgerEntry) TableName() string { return "ledger_entries" }

// ArtistBalance is the denormalised balance shown in the artist portal and
// used for instant payout limits.
type ArtistBalance struct {
	ArtistID             string `gorm:"primaryKey;type:uuid"`
	AvailableMicros      int64
	LifetimeEarnedMicros int64
	LifetimePaidMicros   int64
	UpdatedAt            time.Time
}

func (ArtistBalance) TableName() string { return "artist_balances" }

// Adjustment is a manual correction made by the royalties team.
type Adjustment struct {
	ID           string `gorm:"primaryKey;type:uuid"`
	ArtistID     string
	AmountMicros int64
	Reason       string
	CreatedBy    string
	CreatedAt    time.Time
}

func (Adjustment) TableName() string { return "adjustments" }
