package domain

import (
	"database/sql"
	"time"

	"github.com/segmentio/ksuid"
)

type Wallet struct {
	ID             string    `db:"id" json:"id"`
	OwnerID        string    `db:"owner_id" json:"owner_id"`
	BalancePoints  int64     `db:"balance_points" json:"balance_points"`
	LifetimePoints int64     `db:"lifetime_points" json:"lifetime_points"`
	CreatedAt      time.Time `db:"created_at" json:"created_at"`
	UpdatedAt      time.Time `db:"updated_at" json:"updated_at"`
}

// PointsToCents converts loyalty points to a currency discount (100 pts = $1).
func PointsToCents(points int64) int64 { return points }

// CentsToPoints is the earn rate: one point per dollar spent.
func CentsToPoints(cents int64) int64 { return cents / 100 }

type LedgerEntry struct {
	ID          string         `db:"id" json:"id"`
	WalletID    string         `db:"wallet_id" json:"wallet_id"`
	Points      int64          `db:"points" json:"points"`
	Reason      string         `db:"reason" json:"reason"`
	SourceType  string         `db:"source_type" json:"source_type"`
	SourceID    string         `db:"source_id" json:"source_id"`
	ExternalRef sql.NullString `db:"external_ref" json:"-"`
	Memo        string         `db:"memo" json:"memo"`
	CreatedAt   time.Time      `db:"created_at" json:"created_at"`
}

// EntryOption customises a ledger entry built by NewEntry.
type EntryOption func(*LedgerEntry)

// WithSource records what produced the entry (an invoice, a redemption...).
func WithSource(kind, id string) EntryOption {
	return func(e *LedgerEntry) {
		e.SourceType = kind
		e.SourceID = id
	}
}

// WithExternalRef sets the entry's external reference, which is unique
// across the ledger.
func WithExternalRef(ref string) EntryOption {
	return func(e *LedgerEntry) { e.ExternalRef = sql.NullString{String: ref, Valid: ref != ""} }
}

// WithMemo attaches a free-text note shown on the owner's statement.
func WithMemo(memo string) EntryOption {
	return func(e *LedgerEntry) { e.Memo = memo }
}

// NewEntry builds a ledger entry. Entry IDs are KSUIDs so that statements
// sort naturally by creation time.
func NewEntry(walletID string, points int64, reason string, opts ...EntryOption) LedgerEntry {
	e := LedgerEntry{
		ID:         ksuid.New().String(),
		WalletID:   walletID,
		Points:     points,
		Reason:     reason,
		SourceType: "manual",
		CreatedAt:  time.Now().UTC(),
	}
	for _, o := range opts {
		o(&e)
	}
	return e
}
