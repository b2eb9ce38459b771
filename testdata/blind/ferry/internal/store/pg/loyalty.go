package pg

import (
	"context"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/domain"
)

type loyalty struct{ db Querier }

func (r loyalty) EnsureAccount(ctx context.Context, memberID uuid.UUID) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO loyalty_accounts (member_id) VALUES ($1)
		ON CONFLICT (member_id) DO NOTHING`, memberID)
	return translate(err, "ensure loyalty account")
}

func (r loyalty) Account(ctx context.Context, memberID uuid.UUID) (domain.LoyaltyAccount, error) {
	var a domain.LoyaltyAccount
	err := r.db.QueryRow(ctx, `
		SELECT member_id, balance_miles, lifetime_miles, updated_at
		FROM loyalty_accounts WHERE member_id = $1`, memberID).
		Scan(&a.MemberID, &a.BalanceMiles, &a.LifetimeMiles, &a.UpdatedAt)
	return a, translate(err, "get loyalty account")
}

func (r loyalty) AppendLedger(ctx context.Context, e domain.LedgerEntry) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO loyalty_ledger (id, member_id, booking_id, delta_miles, reason)
		VALUES ($1, $2, $3, $4, $5)`,
		e.ID, e.MemberID, e.BookingID, e.DeltaMiles, e.Reason)
	return translate(err, "append loyalty ledger")
}

func (r loyalty) AppendReversal(ctx context.Context, e domain.LedgerEntry) (bool, error) {
	ok, err := affected(r.db.Exec(ctx, `
		INSERT INTO loyalty_ledger (id, member_id, booking_id, delta_miles, reason)
		VALUES ($1, $2, $3, $4, 'reversal')
		ON CONFLICT (booking_id) WHERE reason = 'reversal' DO NOTHING`,
		e.ID, e.MemberID, e.BookingID, e.DeltaMiles))
	return ok, translate(err, "append loyalty reversal")
}

func (r loyalty) AccruedForBooking(ctx context.Context, bookingID uuid.UUID) (int64, error) {
	var miles int64
	err := r.db.QueryRow(ctx, `
		SELECT coalesce(sum(delta_miles), 0) FROM loyalty_ledger
		WHERE booking_id = $1 AND reason = 'accrual'`, bookingID).Scan(&miles)
	return miles, translate(err, "accrued miles for booking")
}

// AdjustBalance moves the balance by delta. Positive deltas also count
// towards lifetime miles, which drive the tier.
func (r loyalty) AdjustBalance(ctx context.Context, memberID uuid.UUID, delta int64) error {
	_, err := r.db.Exec(ctx, `
		UPDATE loyalty_accounts
		SET balance_miles = balance_miles + $2,
		    lifetime_miles = lifetime_miles + greatest($2, 0),
		    updated_at = now()
		WHERE member_id = $1`, memberID, delta)
	return translate(err, "adjust loyalty balance")
}

func (r loyalty) InsertRedemption(ctx context.Context, red domain.Redemption) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO loyalty_redemptions (id, member_id, booking_id, miles, discount_cents)
		VALUES ($1, $2, $3, $4, $5)`,
		red.ID, red.MemberID, red.BookingID, red.Miles, red.DiscountCents)
	return translate(err, "insert redemption")
}

func (r loyalty) SetTier(ctx context.Context, memberID uuid.UUID, tier string) error {
	_, err := r.db.Exec(ctx, `UPDATE loyalty_members SET tier = $2 WHERE id = $1 AND tier <> $2`, memberID, tier)
	return translate(err, "set loyalty tier")
}
