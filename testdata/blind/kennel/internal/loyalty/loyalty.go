// Package loyalty keeps owners' loyalty points: earned on stays and
// deposits, redeemed against future invoices, expiring after a year.
package loyalty

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/platform/ids"
)

// Reasons recorded on ledger entries.
const (
	ReasonStay     = "stay"
	ReasonDeposit  = "deposit_bonus"
	ReasonRedeemed = "redeemed"
	ReasonExpired  = "expired"
)

// PointsLifetime is how long earned points stay valid.
const PointsLifetime = 365 * 24 * time.Hour

// ErrInsufficient is returned when a redemption exceeds the balance.
var ErrInsufficient = fmt.Errorf("%w: not enough loyalty points", platform.ErrConflict)

// Entry is one ledger line. owners.loyalty_balance is the running sum.
type Entry struct {
	bun.BaseModel `bun:"table:loyalty_ledger"`

	ID        uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	OwnerID   uuid.UUID  `bun:"owner_id,type:uuid,notnull" json:"owner_id"`
	Delta     int64      `bun:"delta,notnull" json:"delta"`
	Reason    string     `bun:"reason,notnull" json:"reason"`
	Reference *string    `bun:"reference" json:"reference,omitempty"`
	ExpiresAt *time.Time `bun:"expires_at" json:"expires_at,omitempty"`
	ExpiredAt *time.Time `bun:"expired_at" json:"-"`
	CreatedAt time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp" json:"created_at"`
}

// Credit adds points to an owner inside idb.
func Credit(ctx context.Context, idb bun.IDB, ownerID uuid.UUID, points int64, reason, reference string) error {
	if points <= 0 {
		return nil
	}
	exp := time.Now().Add(PointsLifetime).UTC()
	e := &Entry{ID: ids.UUID(), OwnerID: ownerID, Delta: points, Reason: reason, ExpiresAt: &exp}
	if reference != "" {
		e.Reference = &reference
	}
	if _, err := idb.NewInsert().Model(e).Exec(ctx); err != nil {
		return err
	}
	_, err := idb.NewRaw(
		"UPDATE owners SET loyalty_balance = loyalty_balance + ? WHERE id = ?", points, ownerID,
	).Exec(ctx)
	return err
}

// Debit removes points from an owner inside idb, failing with
// ErrInsufficient when the balance is too low. It returns the new balance.
func Debit(ctx context.Context, idb bun.IDB, ownerID uuid.UUID, points int64, reason, reference string) (int64, error) {
	var balance int64
	err := idb.NewRaw(`
		UPDATE owners SET loyalty_balance = loyalty_balance - ?
		WHERE id = ? AND loyalty_balance >= ?
		RETURNING loyalty_balance`, points, ownerID, points).Scan(ctx, &balance)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrInsufficient
	}
	if err != nil {
		return 0, err
	}
	e := &Entry{ID: ids.UUID(), OwnerID: ownerID, Delta: -points, Reason: reason}
	if reference != "" {
		e.Reference = &reference
	}
	if _, err := idb.NewInsert().Model(e).Exec(ctx); err != nil {
		return 0, err
	}
	return balance, nil
}
