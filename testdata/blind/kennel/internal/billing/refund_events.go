package billing

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/loyalty"
	"github.com/pawsandstay/kennel/internal/platform/ids"
)

type refundedStay struct {
	ReservationID uuid.UUID `bun:"reservation_id"`
	OwnerID       uuid.UUID `bun:"owner_id"`
}

// onChargeRefunded settles our refund row and takes back the deposit bonus
// points that the booking earned.
func (h *WebhookHandler) onChargeRefunded(ctx context.Context, ev stripe.Event) error {
	ch, err := decode[stripe.Charge](ev)
	if err != nil {
		return err
	}
	if ch.PaymentIntent == nil {
		return nil
	}
	return h.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		first, err := h.events.Claim(ctx, tx, ev.ID, string(ev.Type))
		if err != nil || !first {
			return err
		}

		var stay refundedStay
		err = tx.NewRaw(`
			UPDATE refunds rf SET status = 'succeeded', updated_at = now()
			FROM reservations r
			WHERE rf.payment_intent_id = ? AND rf.status IN ('pending', 'submitted')
			  AND r.id = rf.reservation_id
			RETURNING rf.reservation_id, r.owner_id`, ch.PaymentIntent.ID).Scan(ctx, &stay)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}

		var bonus int64
		err = tx.NewRaw(`
			SELECT COALESCE(SUM(delta), 0) FROM loyalty_ledger
			WHERE reference = ? AND reason = ?`, stay.ReservationID.String(), loyalty.ReasonDeposit).Scan(ctx, &bonus)
		if err != nil || bonus <= 0 {
			return err
		}
		if _, err := tx.NewRaw(
			"UPDATE owners SET loyalty_balance = GREATEST(loyalty_balance - ?, 0) WHERE id = ?", bonus, stay.OwnerID,
		).Exec(ctx); err != nil {
			return err
		}
		ref := stay.ReservationID.String()
		_, err = tx.NewInsert().Model(&loyalty.Entry{
			ID:        ids.UUID(),
			OwnerID:   stay.OwnerID,
			Delta:     -bonus,
			Reason:    "deposit_bonus_reversed",
			Reference: &ref,
		}).Exec(ctx)
		return err
	})
}
