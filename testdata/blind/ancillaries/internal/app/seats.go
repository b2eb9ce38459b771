package app

import (
	"context"
	"errors"
	"log/slog"

	"github.com/google/uuid"

	"github.com/skyway-air/ancillaries/internal/catalog"
	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/gds"
)

// PurchaseSeatHandler sells a held seat. The customer confirms the
// PaymentIntent afterwards through ConfirmPayment.
type PurchaseSeatHandler struct {
	deps    Deps
	charger charger
}

func NewPurchaseSeatHandler(d Deps) *PurchaseSeatHandler {
	return &PurchaseSeatHandler{deps: d, charger: newCharger(d)}
}

func (h *PurchaseSeatHandler) Handle(ctx context.Context, cmd PurchaseSeat) error {
	profile, err := h.charger.profile(ctx, cmd.PNR)
	if err != nil {
		return err
	}
	offer, err := catalog.Seat(cmd.Seat, profile.Currency)
	if err != nil {
		return err
	}
	orderID := cmd.OrderID
	err = h.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		owner, claimed, err := tx.Idempotency().Claim(ctx, "seat", cmd.IdempotencyKey, cmd.OrderID)
		if err != nil {
			return err
		}
		if !claimed {
			orderID = owner
			return nil
		}
		hold, err := tx.SeatHolds().GetActive(ctx, cmd.FlightID, cmd.Seat)
		if errors.Is(err, domain.ErrNotFound) {
			return domain.ErrHoldRequired
		}
		if err != nil {
			return err
		}
		if hold.PNR != cmd.PNR || hold.PassengerRef != cmd.PassengerRef {
			return domain.ErrSeatUnavailable
		}
		d := newDraft(cmd.OrderID, profile, cmd.PNR, cmd.PassengerRef, cmd.FlightID, cmd.ServiceDate, 1, offer)
		if err := d.save(ctx, tx); err != nil {
			return err
		}
		return tx.SeatHolds().MarkSold(ctx, hold.ID)
	})
	if err != nil {
		return err
	}
	return h.charger.ensureIntent(ctx, orderID)
}

// HoldSeatHandler blocks a seat locally and on the partner seat map.
type HoldSeatHandler struct {
	deps Deps
}

func NewHoldSeatHandler(d Deps) *HoldSeatHandler { return &HoldSeatHandler{deps: d} }

func (h *HoldSeatHandler) Handle(ctx context.Context, cmd HoldSeat) error {
	until := h.deps.now().Add(cmd.For)
	hold, ok, err := h.deps.Store.SeatHolds().Upsert(ctx, domain.SeatHold{
		ID:           uuid.NewString(),
		FlightID:     cmd.FlightID,
		SeatNumber:   cmd.Seat,
		PNR:          cmd.PNR,
		PassengerRef: cmd.PassengerRef,
		ExpiresAt:    until,
	})
	if err != nil {
		return err
	}
	if !ok {
		return domain.ErrSeatUnavailable
	}
	err = h.deps.GDS.HoldSeat(ctx, cmd.FlightID, gds.SeatHoldRequest{
		ClientTransactionRef: "hold-" + hold.ID,
		Seat:                 cmd.Seat,
		PNR:                  cmd.PNR,
		PassengerRef:         cmd.PassengerRef,
		Until:                until,
	})
	if err != nil {
		h.deps.log().WarnContext(ctx, "partner seat hold failed", slog.String("hold_id", hold.ID), slog.Any("err", err))
		return err
	}
	return nil
}
