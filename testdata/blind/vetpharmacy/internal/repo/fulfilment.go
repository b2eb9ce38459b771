package repo

import (
	"context"
	"time"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/store"
)

type Fulfilment struct{ s *store.Store }

func NewFulfilment(s *store.Store) *Fulfilment { return &Fulfilment{s: s} }

type PickLine struct {
	ProductID string
	Quantity  int32
	Bin       string
}

func (r *Fulfilment) CreatePickList(ctx context.Context, id, orderID, route string, lines []PickLine) error {
	q := r.s.Q(ctx)
	if err := q.InsertPickList(ctx, id, orderID, route); err != nil {
		return err
	}
	for _, l := range lines {
		if err := q.InsertPickListLine(ctx, id, l.ProductID, l.Quantity, l.Bin); err != nil {
			return err
		}
	}
	return nil
}

func (r *Fulfilment) SaveShipment(ctx context.Context, p db.UpsertShipmentParams) (string, error) {
	return r.s.Q(ctx).UpsertShipment(ctx, p)
}

func (r *Fulfilment) ShipmentByTracking(ctx context.Context, tracking string) (db.Shipment, error) {
	s, err := r.s.Q(ctx).GetShipmentByTracking(ctx, tracking)
	return s, notFound(err, "shipment_not_found", "unknown tracking number")
}

func (r *Fulfilment) ShipmentByOrder(ctx context.Context, orderID string) (db.Shipment, error) {
	s, err := r.s.Q(ctx).GetShipmentByOrder(ctx, orderID)
	return s, notFound(err, "shipment_not_found", "order has no shipment")
}

func (r *Fulfilment) Shipment(ctx context.Context, id string) (db.Shipment, error) {
	s, err := r.s.Q(ctx).GetShipment(ctx, id)
	return s, notFound(err, "shipment_not_found", "shipment not found")
}

func (r *Fulfilment) AppendEvent(ctx context.Context, p db.InsertShipmentEventParams) error {
	return r.s.Q(ctx).InsertShipmentEvent(ctx, p)
}

func (r *Fulfilment) Advance(ctx context.Context, shipmentID, status string, at time.Time) (bool, error) {
	n, err := r.s.Q(ctx).AdvanceShipmentStatus(ctx, shipmentID, status, at)
	return n == 1, err
}
