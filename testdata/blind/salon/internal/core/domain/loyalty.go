package domain

import (
	"fmt"
	"time"

	"github.com/google/uuid"
)

type LedgerReason string

const (
	ReasonVisit          LedgerReason = "visit"
	ReasonReferral       LedgerReason = "referral"
	ReasonRedemption     LedgerReason = "redemption"
	ReasonExpiry         LedgerReason = "expiry"
	ReasonRefundReversal LedgerReason = "refund_reversal"
	ReasonAdjustment     LedgerReason = "adjustment"
)

const (
	// PointsPerPound is earned on every completed appointment.
	PointsPerPound = 1
	// ReferralBonusPoints goes to the client who referred a new client.
	ReferralBonusPoints = 500
	// PointValueCents is what one point is worth when redeemed.
	PointValueCents = 1
)

type LoyaltyAccount struct {
	ClientID       uuid.UUID `db:"client_id" json:"client_id"`
	PointsBalance  int64     `db:"points_balance" json:"points_balance"`
	LifetimePoints int64     `db:"lifetime_points" json:"lifetime_points"`
	Tier           string    `db:"tier" json:"tier"`
	UpdatedAt      time.Time `db:"updated_at" json:"updated_at"`
}

type LedgerEntry struct {
	ID        string       `db:"id" json:"id"`
	ClientID  uuid.UUID    `db:"client_id" json:"client_id"`
	Delta     int64        `db:"delta" json:"delta"`
	Reason    LedgerReason `db:"reason" json:"reason"`
	SourceRef string       `db:"source_ref" json:"source_ref"`
	CreatedAt time.Time    `db:"created_at" json:"created_at"`
}

// VisitPoints is the points earned for an appointment of the given price.
func VisitPoints(price Cents) int64 {
	return int64(price) / 100 * PointsPerPound
}

// TierFor maps lifetime points to a tier name.
func TierFor(lifetime int64) string {
	switch {
	case lifetime >= 20000:
		return "platinum"
	case lifetime >= 5000:
		return "gold"
	default:
		return "silver"
	}
}

// ExpiryPeriod names the quarter whose unspent points expire, e.g. "2024-Q3".
func ExpiryPeriod(t time.Time) string {
	q := (int(t.Month())-1)/3 + 1
	return fmt.Sprintf("%d-Q%d", t.Year(), q)
}
