package billing

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/loyalty"
	"github.com/pawsandstay/kennel/internal/notify"
	"github.com/pawsandstay/kennel/internal/platform"
)

// depositBonusPer is the deposit amount (cents) that earns one bonus point.
const depositBonusPer = 1000

func (h *WebhookHandler) onPaymentSucceeded(ctx context.Context, ev stripe.Event) error {
	pi, err := decode[stripe.PaymentIntent](ev)
	if err != nil {
		return err
	}
	seen, err := h.events.Seen(ctx, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	switch pi.Metadata["kind"] {
	case "deposit":
		err = h.depositSucceeded(ctx, pi)
	case "invoice":
		err = h.invoicePaid(ctx, pi)
	}
	if err != nil {
		return err
	}
	return h.events.Record(ctx, ev.ID, string(ev.Type))
}

type confirmedStay struct {
	ID       uuid.UUID `bun:"id"`
	OwnerID  uuid.UUID `bun:"owner_id"`
	DogID    uuid.UUID `bun:"dog_id"`
	Location string    `bun:"location_id"`
	CheckIn  string    `bun:"check_in"`
	CheckOut string    `bun:"check_out"`
}

func (h *WebhookHandler) depositSucceeded(ctx context.Context, pi *stripe.PaymentIntent) error {
	resID, ok := metaUUID(pi.Metadata, "reservation_id")
	if !ok {
		h.log.Warn("deposit intent without reservation", "payment_intent", pi.ID)
		return nil
	}
	return h.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		ctx = platform.WithTx(ctx, tx)
		_, err := tx.NewRaw(`
			UPDATE deposits SET status = 'succeeded', payment_intent_id = ?, updated_at = now()
			WHERE reservation_id = ?`, pi.ID, resID).Exec(ctx)
		if err != nil {
			return err
		}

		var stay confirmedStay
		err = tx.NewRaw(`
			UPDATE reservations SET status = 'confirmed', confirmed_at = now()
			WHERE id = ? AND status IN ('pending_deposit', 'confirmed')
			RETURNING id, owner_id, dog_id, location_id,
			          to_char(check_in, 'Mon DD') AS check_in, to_char(check_out, 'Mon DD') AS check_out`,
			resID).Scan(ctx, &stay)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}

		if err := loyalty.Credit(ctx, tx, stay.OwnerID, pi.Amount/depositBonusPer, loyalty.ReasonDeposit, stay.ID.String()); err != nil {
			return err
		}

		dog, err := h.dir.Dog(ctx, stay.DogID)
		if err != nil {
			return err
		}
		loc, err := h.dir.Location(ctx, stay.Location)
		if err != nil {
			return err
		}
		_, err = h.outbox.Enqueue(ctx, tx, notify.Notification{
			OwnerID:       stay.OwnerID,
			ReservationID: &stay.ID,
			Template:      notify.TplReservationConfirmed,
			Vars: map[string]any{
				"Dog": dog.Name, "Location": loc.Name, "CheckIn": stay.CheckIn, "CheckOut": stay.CheckOut,
			},
			DedupKey: "reservation_confirmed:" + stay.ID.String(),
		})
		return err
	})
}

func (h *WebhookHandler) invoicePaid(ctx context.Context, pi *stripe.PaymentIntent) error {
	invID, ok := metaUUID(pi.Metadata, "invoice_id")
	if !ok {
		return nil
	}
	_, err := h.db.NewRaw(`
		UPDATE invoices SET status = 'paid', paid_at = COALESCE(paid_at, now()), payment_intent_id = ?
		WHERE id = ?`, pi.ID, invID).Exec(ctx)
	return err
}

func (h *WebhookHandler) onPaymentFailed(ctx context.Context, ev stripe.Event) error {
	pi, err := decode[stripe.PaymentIntent](ev)
	if err != nil {
		return err
	}
	reason := "payment failed"
	if pi.LastPaymentError != nil && pi.LastPaymentError.Msg != "" {
		reason = pi.LastPaymentError.Msg
	}

	switch pi.Metadata["kind"] {
	case "deposit":
		resID, ok := metaUUID(pi.Metadata, "reservation_id")
		if !ok {
			return nil
		}
		return h.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			ctx = platform.WithTx(ctx, tx)
			var ownerID uuid.UUID
			err := tx.NewRaw(`
				UPDATE deposits SET status = 'failed', failure_message = ?, updated_at = now()
				WHERE reservation_id = ? AND status IN ('pending', 'processing')
				RETURNING owner_id`, reason, resID).Scan(ctx, &ownerID)
			if errors.Is(err, sql.ErrNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			var dogName string
			if err := tx.NewRaw(`
				SELECT d.name FROM reservations r JOIN dogs d ON d.id = r.dog_id WHERE r.id = ?`,
				resID).Scan(ctx, &dogName); err != nil {
				return err
			}
			_, err = h.outbox.Enqueue(ctx, tx, notify.Notification{
				OwnerID:       ownerID,
				ReservationID: &resID,
				Template:      notify.TplDepositFailed,
				Vars:          map[string]any{"Dog": dogName},
				DedupKey:      "deposit_failed:" + resID.String(),
			})
			return err
		})
	case "invoice":
		invID, ok := metaUUID(pi.Metadata, "invoice_id")
		if !ok {
			return nil
		}
		_, err := h.db.NewRaw(`
			UPDATE invoices SET status = 'payment_failed'
			WHERE id = ? AND status IN ('open', 'processing')`, invID).Exec(ctx)
		return err
	}
	return nil
}
