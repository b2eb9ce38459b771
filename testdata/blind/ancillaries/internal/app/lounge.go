package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/skyway-air/ancillaries/internal/catalog"
	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/payments"
)

// BuyLoungePassHandler sells a lounge pass against the lounge's daily
// capacity and charges the saved card.
type BuyLoungePassHandler struct {
	deps    Deps
	charger charger
}

func NewBuyLoungePassHandler(d Deps) *BuyLoungePassHandler {
	return &BuyLoungePassHandler{deps: d, charger: newCharger(d)}
}

// LoungeKey is the natural key of a lounge order: one pass per passenger,
// lounge and day.
func LoungeKey(cmd BuyLoungePass) string {
	return fmt.Sprintf("lounge:%s:%s:%s:%s", cmd.PNR, cmd.PassengerRef, cmd.LoungeCode, cmd.Day.Format("2006-01-02"))
}

func (h *BuyLoungePassHandler) Handle(ctx context.Context, cmd BuyLoungePass) error {
	profile, err := h.charger.profile(ctx, cmd.PNR)
	if err != nil {
		return err
	}
	offer, err := catalog.Lounge(cmd.LoungeCode, cmd.Guests, profile.Currency)
	if err != nil {
		return err
	}
	d := newDraft(cmd.OrderID, profile, cmd.PNR, cmd.PassengerRef, cmd.FlightID, cmd.Day, cmd.Guests, offer).
		withNaturalKey(LoungeKey(cmd))

	var order domain.Order
	err = h.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		existing, inserted, err := tx.Orders().CreateWithNaturalKey(ctx, d.order)
		if err != nil {
			return err
		}
		order = existing
		if !inserted {
			return nil
		}
		if err := tx.Lounge().ReserveCapacity(ctx, cmd.LoungeCode, dateOnly(cmd.Day), cmd.Guests); err != nil {
			return err
		}
		return tx.Items().Add(ctx, d.item)
	})
	if err != nil {
		return err
	}
	if order.HasPaymentIntent() || order.Status != domain.OrderPendingPayment {
		return nil
	}
	return h.charger.chargeSaved(ctx, order, profile, payments.AutoKey())
}

// RedeemLoungePassHandler consumes a lounge entry when a pass is scanned at
// the desk. Scanners resend a scan when they do not get an answer.
type RedeemLoungePassHandler struct {
	deps Deps
}

func NewRedeemLoungePassHandler(d Deps) *RedeemLoungePassHandler {
	return &RedeemLoungePassHandler{deps: d}
}

func (h *RedeemLoungePassHandler) Handle(ctx context.Context, cmd RedeemLoungePass) error {
	lounge := h.deps.Store.Lounge()
	seen, err := lounge.ScanSeen(ctx, cmd.ScanID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	var pass domain.LoungePass
	err = h.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		p, err := tx.Lounge().GetPassByCodeForUpdate(ctx, cmd.Code)
		if err != nil {
			return err
		}
		if p.LoungeCode != cmd.LoungeCode || !p.ValidOn.Equal(dateOnly(cmd.ScannedAt)) {
			return domain.ErrPassNotValid
		}
		if p.Remaining() <= 0 {
			return domain.ErrPassExhausted
		}
		pass = p
		return tx.Lounge().UseEntry(ctx, p.ID)
	})
	if err != nil {
		if errors.Is(err, domain.ErrPassExhausted) {
			h.deps.log().InfoContext(ctx, "lounge pass exhausted", slog.String("code", cmd.Code))
		}
		return err
	}
	return lounge.RecordScan(ctx, cmd.ScanID, pass.ID, cmd.ScannedAt)
}
