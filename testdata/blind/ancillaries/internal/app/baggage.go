package app

import (
	"context"

	"github.com/skyway-air/ancillaries/internal/catalog"
	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/payments"
)

// AddBaggageHandler sells extra checked bags and charges the saved card.
type AddBaggageHandler struct {
	deps    Deps
	charger charger
}

func NewAddBaggageHandler(d Deps) *AddBaggageHandler {
	return &AddBaggageHandler{deps: d, charger: newCharger(d)}
}

func (h *AddBaggageHandler) Handle(ctx context.Context, cmd AddBaggage) error {
	profile, err := h.charger.profile(ctx, cmd.PNR)
	if err != nil {
		return err
	}
	offer, err := catalog.Baggage(cmd.Pieces, cmd.WeightKg, profile.Currency)
	if err != nil {
		return err
	}
	d := newDraft(cmd.OrderID, profile, cmd.PNR, cmd.PassengerRef, cmd.FlightID, cmd.ServiceDate, cmd.Pieces, offer)
	err = h.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		return d.save(ctx, tx)
	})
	if err != nil {
		return err
	}
	return h.charger.chargeSaved(ctx, d.order, profile, payments.IdempotentOn("order-charge-"+d.order.ID))
}
