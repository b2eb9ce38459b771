// Package ledger defines the agency's double-entry-lite ledger lines. Every
// money movement the agency books lands here, and the nightly
// reconciliation with the surety sums it.
package ledger

import (
	"time"

	"github.com/google/uuid"
)

// Kind classifies a ledger line.
type Kind string

const (
	PremiumReceivable Kind = "premium_receivable"
	PremiumReceived   Kind = "premium_received"
	PremiumRefunded   Kind = "premium_refunded"
	CollateralHeld    Kind = "collateral_held"
	SuretyFee         Kind = "surety_fee"
)

// Entry is one ledger line. Amounts are signed cents from the agency's
// point of view.
type Entry struct {
	BondID        *uuid.UUID `db:"bond_id"`
	ApplicationID *uuid.UUID `db:"application_id"`
	Kind          Kind       `db:"kind"`
	AmountCents   int64      `db:"amount_cents"`
	Reference     string     `db:"reference"`
	BusinessDate  time.Time  `db:"business_date"`
}

// Ref returns a pointer to id, for the optional Entry fields.
func Ref(id uuid.UUID) *uuid.UUID { return &id }
