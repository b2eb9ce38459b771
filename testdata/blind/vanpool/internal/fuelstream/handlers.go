package fuelstream

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/pooltrack/vanpool/internal/provider/fuelcard"
	"github.com/pooltrack/vanpool/internal/service"
)

// handlers adapts stream events to the fuel service.
type handlers struct {
	fuel service.Fuel
	log  *slog.Logger
}

// BuildRegistry registers a handler for every event type we consume.
func BuildRegistry(fuel service.Fuel, once Once, log *slog.Logger) *Registry {
	h := &handlers{fuel: fuel, log: log.With("component", "fuel-stream")}
	reg := NewRegistry(h.log)
	reg.Register(fuelcard.TypeAuthorized, once.Wrap(h.authorized))
	reg.Register(fuelcard.TypeDeclined, h.declined)
	reg.Register(fuelcard.TypeReversed, h.reversed)
	reg.Register(fuelcard.TypeCardStatus, h.cardStatus)
	return reg
}

func decodePayload[T any](evt fuelcard.StreamEvent) (T, error) {
	var v T
	if err := json.Unmarshal(evt.Payload, &v); err != nil {
		return v, fmt.Errorf("%w: %s %s: %v", ErrPoison, evt.Type, evt.ID, err)
	}
	return v, nil
}

func (h *handlers) authorized(ctx context.Context, evt fuelcard.StreamEvent) error {
	a, err := decodePayload[fuelcard.Authorization](evt)
	if err != nil {
		return err
	}
	return h.fuel.RecordAuthorization(ctx, evt.ID, a)
}

func (h *handlers) declined(ctx context.Context, evt fuelcard.StreamEvent) error {
	d, err := decodePayload[fuelcard.Decline](evt)
	if err != nil {
		return err
	}
	return h.fuel.RecordDecline(ctx, evt.ID, d)
}

func (h *handlers) reversed(ctx context.Context, evt fuelcard.StreamEvent) error {
	rv, err := decodePayload[fuelcard.Reversal](evt)
	if err != nil {
		return err
	}
	return h.fuel.RecordReversal(ctx, evt.ID, rv)
}

func (h *handlers) cardStatus(ctx context.Context, evt fuelcard.StreamEvent) error {
	cs, err := decodePayload[fuelcard.CardStatus](evt)
	if err != nil {
		return err
	}
	return h.fuel.UpdateCardStatus(ctx, evt.ID, cs)
}
