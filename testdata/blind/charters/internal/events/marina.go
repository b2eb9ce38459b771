package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/saltline-charters/charterhub/internal/service"
)

// BerthService applies marina answers.
type BerthService interface {
	Confirm(ctx context.Context, ev service.BerthEvent) error
	Decline(ctx context.Context, ev service.BerthEvent) error
	MarinaCancelled(ctx context.Context, ev service.BerthEvent) error
	Reassign(ctx context.Context, ev service.BerthEvent) error
}

// MarinaHandlers handles the partner marina feed.
type MarinaHandlers struct {
	berths BerthService
}

func NewMarinaHandlers(berths BerthService) *MarinaHandlers {
	return &MarinaHandlers{berths: berths}
}

func (h *MarinaHandlers) Register(r *Registry) {
	r.Handle("berth.confirmed", h.onConfirmed)
	r.Handle("berth.declined", h.onDeclined)
	r.Handle("berth.cancelled", h.onCancelled)
	r.Handle("berth.reassigned", h.onReassigned)
}

func decodeBerth(env Envelope) (service.BerthEvent, error) {
	var ev service.BerthEvent
	if err := json.Unmarshal(env.Data, &ev); err != nil {
		return ev, Permanent(fmt.Errorf("decode %s: %w", env.Type, err))
	}
	if ev.BerthRequestID == "" {
		return ev, Permanent(fmt.Errorf("%s %s: missing trip_ref", env.Type, env.MessageID))
	}
	if ev.EventID == "" {
		// Older partner builds omit event_id; the Pub/Sub message ID is
		// stable across redeliveries of the same publish.
		ev.EventID = env.MessageID
	}
	return ev, nil
}

func (h *MarinaHandlers) onConfirmed(ctx context.Context, env Envelope) error {
	ev, err := decodeBerth(env)
	if err != nil {
		return err
	}
	return h.berths.Confirm(ctx, ev)
}

func (h *MarinaHandlers) onDeclined(ctx context.Context, env Envelope) error {
	ev, err := decodeBerth(env)
	if err != nil {
		return err
	}
	return h.berths.Decline(ctx, ev)
}

func (h *MarinaHandlers) onCancelled(ctx context.Context, env Envelope) error {
	ev, err := decodeBerth(env)
	if err != nil {
		return err
	}
	return h.berths.MarinaCancelled(ctx, ev)
}

func (h *MarinaHandlers) onReassigned(ctx context.Context, env Envelope) error {
	ev, err := decodeBerth(env)
	if err != nil {
		return err
	}
	return h.berths.Reassign(ctx, ev)
}
