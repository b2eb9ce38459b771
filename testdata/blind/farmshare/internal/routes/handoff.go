package routes

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/oklog/ulid/v2"

	"github.com/harvestloop/farmshare/internal/platform/events"
	"github.com/harvestloop/farmshare/internal/providers/courier"
)

// Courier books route handoffs.
type Courier interface {
	CreateHandoff(ctx context.Context, req courier.HandoffRequest, opts ...courier.Option) (*courier.Handoff, error)
}

// HandoffConsumer hands planned routes to the courier.
type HandoffConsumer struct {
	db      *sqlx.DB
	store   *Store
	courier Courier
	depotID string
	loc     *time.Location
	log     *slog.Logger
}

// NewHandoffConsumer builds the consumer.
func NewHandoffConsumer(db *sqlx.DB, store *Store, c Courier, depotID string, loc *time.Location, log *slog.Logger) *HandoffConsumer {
	return &HandoffConsumer{db: db, store: store, courier: c, depotID: depotID, loc: loc, log: log}
}

// Handle processes one RoutePlanned event.
func (h *HandoffConsumer) Handle(ctx context.Context, evt events.RoutePlanned) error {
	r, err := h.store.Get(ctx, h.db, evt.RouteID)
	if err != nil {
		return err
	}
	if r.CourierHandoffID != nil {
		return nil
	}
	stops, err := h.store.Stops(ctx, h.db, r.ID)
	if err != nil {
		return err
	}
	addr, err := h.store.PointAddress(ctx, h.db, r.PickupPointID)
	if err != nil {
		return err
	}

	// Boxes are collected from the depot on the Tuesday of the delivery week.
	tue := r.WeekStart.AddDate(0, 0, 1)
	collectFrom := time.Date(tue.Year(), tue.Month(), tue.Day(), 6, 0, 0, 0, h.loc)
	req := courier.HandoffRequest{
		DepotID:     h.depotID,
		RouteRef:    r.ID,
		CollectFrom: collectFrom,
		CollectBy:   collectFrom.Add(3 * time.Hour),
	}
	for _, s := range stops {
		req.Stops = append(req.Stops, courier.Stop{Reference: s.BoxID, Address: addr, Parcels: 1})
	}

	ho, err := h.courier.CreateHandoff(ctx, req, courier.WithRequestToken(ulid.Make().String()))
	if err != nil {
		return fmt.Errorf("courier handoff for route %s: %w", r.ID, err)
	}
	if err := h.store.SetHandoff(ctx, h.db, r.ID, ho.ID, ho.TrackingURL); err != nil {
		return err
	}
	h.log.Info("route handed to courier", "route", r.ID, "handoff", ho.ID, "stops", len(stops))
	return nil
}
