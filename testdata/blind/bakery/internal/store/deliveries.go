package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/crumbworks/ovenline/internal/domain"
)

// Deliveries persists routes, stops and proof of delivery.
type Deliveries struct{}

// NewDeliveries builds the repository.
func NewDeliveries() *Deliveries { return &Deliveries{} }

// EnsureRoute returns the id of the van's route for the day, creating it if
// needed. An existing route keeps its id.
func (r *Deliveries) EnsureRoute(ctx context.Context, q Q, day time.Time, van string) (uuid.UUID, error) {
	return namedGet[uuid.UUID](ctx, q, `
INSERT INTO routes (id, route_date, van_code) VALUES (:id, :day, :van)
ON CONFLICT (route_date, van_code) DO UPDATE SET van_code = EXCLUDED.van_code
RETURNING id`, map[string]any{"id": uuid.New(), "day": day, "van": van})
}

// NextStopSeq returns the next free stop number on the route.
func (r *Deliveries) NextStopSeq(ctx context.Context, q Q, routeID uuid.UUID) (int, error) {
	return namedGet[int](ctx, q, `
SELECT COALESCE(MAX(stop_seq), 0) + 1 FROM deliveries WHERE route_id = :route_id`,
		map[string]any{"route_id": routeID})
}

// Insert adds a stop to a route.
func (r *Deliveries) Insert(ctx context.Context, q Q, d domain.Delivery) error {
	_, err := namedExec(ctx, q, `
INSERT INTO deliveries (id, order_id, route_id, stop_seq, status)
VALUES (:id, :order_id, :route_id, :stop_seq, :status)`, d)
	return err
}

// Get loads a delivery by id.
func (r *Deliveries) Get(ctx context.Context, q Q, id uuid.UUID) (domain.Delivery, error) {
	d, err := namedGet[domain.Delivery](ctx, q, `
SELECT id, order_id, route_id, stop_seq, status, dispatched_at, delivered_at, failed_reason, notified_at
FROM deliveries WHERE id = :id`, map[string]any{"id": id})
	return d, notFound(err, "delivery", id)
}

// GetRoute loads a route by id.
func (r *Deliveries) GetRoute(ctx context.Context, q Q, id uuid.UUID) (domain.Route, error) {
	rt, err := namedGet[domain.Route](ctx, q, `
SELECT id, route_date, van_code, driver_name, status, dispatched_at FROM routes WHERE id = :id`,
		map[string]any{"id": id})
	return rt, notFound(err, "route", id)
}

// Stop loads one stop with its customer details.
func (r *Deliveries) Stop(ctx context.Context, q Q, deliveryID uuid.UUID) (domain.Stop, error) {
	s, err := namedGet[domain.Stop](ctx, q, stopSelect+` WHERE d.id = :id`, map[string]any{"id": deliveryID})
	return s, notFound(err, "delivery", deliveryID)
}

// StopsForRoute lists the route's stops in driving order.
func (r *Deliveries) StopsForRoute(ctx context.Context, q Q, routeID uuid.UUID) ([]domain.Stop, error) {
	return namedSelect[domain.Stop](ctx, q, stopSelect+` WHERE d.route_id = :id ORDER BY d.stop_seq`,
		map[string]any{"id": routeID})
}

const stopSelect = `
SELECT d.id AS delivery_id, d.order_id, o.customer_id, c.name AS customer_name, c.billing_email,
	d.stop_seq, o.delivery_date, d.status
FROM deliveries d
JOIN orders o ON o.id = d.order_id
JOIN customers c ON c.id = o.customer_id`

// MarkRouteDispatched sets the route and its scheduled stops out for delivery.
func (r *Deliveries) MarkRouteDispatched(ctx context.Context, q Q, routeID uuid.UUID, driver string, at time.Time) error {
	arg := map[string]any{"id": routeID, "driver": driver, "at": at}
	if _, err := namedExec(ctx, q, `
UPDATE routes SET status = 'dispatched', driver_name = :driver, dispatched_at = COALESCE(dispatched_at, :at)
WHERE id = :id AND status <> 'closed'`, arg); err != nil {
		return err
	}
	if _, err := namedExec(ctx, q, `
UPDATE deliveries SET status = 'out_for_delivery', dispatched_at = COALESCE(dispatched_at, :at)
WHERE route_id = :id AND status = 'scheduled'`, arg); err != nil {
		return err
	}
	_, err := namedExec(ctx, q, `
UPDATE orders SET status = 'out_for_delivery'
WHERE id IN (SELECT order_id FROM deliveries WHERE route_id = :id) AND status = 'in_production'`, arg)
	return err
}

// MarkNotified records that the customer was told the van is on its way.
func (r *Deliveries) MarkNotified(ctx context.Context, q Q, deliveryID uuid.UUID, at time.Time) error {
	_, err := namedExec(ctx, q, `UPDATE deliveries SET notified_at = :at WHERE id = :id`,
		map[string]any{"id": deliveryID, "at": at})
	return err
}

// InsertProof stores the driver's proof of delivery.
func (r *Deliveries) InsertProof(ctx context.Context, q Q, pod domain.ProofOfDelivery) error {
	_, err := namedExec(ctx, q, `
INSERT INTO proof_of_delivery (delivery_id, received_by, signature_url, photo_url, latitude, longitude, delivered_at)
VALUES (:delivery_id, :received_by, :signature_url, :photo_url, :latitude, :longitude, :delivered_at)`, pod)
	return err
}

// MarkDelivered closes the stop and its order.
func (r *Deliveries) MarkDelivered(ctx context.Context, q Q, deliveryID uuid.UUID, at time.Time) error {
	arg := map[string]any{"id": deliveryID, "at": at}
	if _, err := namedExec(ctx, q, `
UPDATE deliveries SET status = 'delivered', delivered_at = :at WHERE id = :id`, arg); err != nil {
		return err
	}
	_, err := namedExec(ctx, q, `
UPDATE orders SET status = 'delivered'
WHERE id = (SELECT order_id FROM deliveries WHERE id = :id) AND status IN ('in_production', 'out_for_delivery')`, arg)
	return err
}

// MarkFailed moves an out-for-delivery stop to failed. It returns false if
// the stop was not out for delivery.
func (r *Deliveries) MarkFailed(ctx context.Context, q Q, deliveryID uuid.UUID, reason string) (bool, error) {
	n, err := namedExec(ctx, q, `
UPDATE deliveries SET status = 'failed', failed_reason = :reason
WHERE id = :id AND status = 'out_for_delivery'`, map[string]any{"id": deliveryID, "reason": reason})
	return n == 1, err
}

// Reschedule records the new delivery date for a failed stop.
func (r *Deliveries) Reschedule(ctx context.Context, q Q, deliveryID uuid.UUID, newDate time.Time, reason string) error {
	_, err := namedExec(ctx, q, `
INSERT INTO delivery_reschedules (delivery_id, new_date, reason) VALUES (:id, :new_date, :reason)
ON CONFLICT (delivery_id) DO NOTHING`, map[string]any{"id": deliveryID, "new_date": newDate, "reason": reason})
	return err
}

// AdjustCrates changes the number of crates a customer holds.
func (r *Deliveries) AdjustCrates(ctx context.Context, q Q, customerID uuid.UUID, delta int) error {
	_, err := namedExec(ctx, q, `
INSERT INTO crate_balances (customer_id, crates_out, updated_at) VALUES (:customer_id, GREATEST(:delta, 0), now())
ON CONFLICT (customer_id) DO UPDATE
SET crates_out = GREATEST(crate_balances.crates_out + :delta, 0), updated_at = now()`,
		map[string]any{"customer_id": customerID, "delta": delta})
	return err
}
