package app

import (
	"context"

	"github.com/skyway-air/ancillaries/internal/catalog"
	"github.com/skyway-air/ancillaries/internal/domain"
)

// UpgradeMealHandler sells a meal upgrade and charges the saved card.
type UpgradeMealHandler struct {
	deps    Deps
	charger charger
}

func NewUpgradeMealHandler(d Deps) *UpgradeMealHandler {
	return &UpgradeMealHandler{deps: d, charger: newCharger(d)}
}

func (h *UpgradeMealHandler) Handle(ctx context.Context, cmd UpgradeMeal) error {
	profile, err := h.charger.profile(ctx, cmd.PNR)
	if err != nil {
		return err
	}
	offer, err := catalog.Meal(cmd.MealCode, profile.Currency)
	if err != nil {
		return err
	}
	orderID := cmd.OrderID
	err = h.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		owner, claimed, err := tx.Idempotency().Claim(ctx, "meal", cmd.IdempotencyKey, cmd.OrderID)
		if err != nil {
			return err
		}
		if !claimed {
			orderID = owner
			return nil
		}
		d := newDraft(cmd.OrderID, profile, cmd.PNR, cmd.PassengerRef, cmd.FlightID, cmd.ServiceDate, 1, offer)
		return d.save(ctx, tx)
	})
	if err != nil {
		return err
	}
	order, err := h.deps.Store.Orders().Get(ctx, orderID)
	if err != nil {
		return err
	}
	if order.HasPaymentIntent() || order.Status != domain.OrderPendingPayment {
		return nil
	}
	return h.charger.chargeSaved(ctx, order, profile)
}
