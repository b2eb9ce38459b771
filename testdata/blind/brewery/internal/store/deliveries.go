package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/ironkettle/taproute/internal/domain"
)

// DeliveryRepo persists routes, stops and delivery attempts.
type DeliveryRepo struct{}

// NewDeliveryRepo constructs a DeliveryRepo.
func NewDeliveryRepo() *DeliveryRepo { return &DeliveryRepo{} }

// InsertRouteIfAbsent creates the route row; it is a no-op if the route id
// already exists.
func (r *DeliveryRepo) InsertRouteIfAbsent(ctx context.Context, q Querier, rt domain.Route) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO delivery_routes (id, depot, route_date, driver, truck)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (id) DO NOTHING`, rt.ID, rt.Depot, rt.RouteDate, rt.Driver, rt.Truck)
	if err != nil {
		return false, fmt.Errorf("insert route: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// AddStopIfAbsent puts an order on a route. An order can only be on one route.
func (r *DeliveryRepo) AddStopIfAbsent(ctx context.Context, q Querier, d domain.Delivery) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO deliveries (id, route_id, order_id, stop_seq)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT ON CONSTRAINT deliveries_order_uniq DO NOTHING`, d.ID, d.RouteID, d.OrderID, d.StopSeq)
	if err != nil {
		return false, fmt.Errorf("add stop: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// GetRoute loads a route with its stops.
func (r *DeliveryRepo) GetRoute(ctx context.Context, q Querier, id uuid.UUID) (domain.Route, error) {
	var rt domain.Route
	err := q.QueryRow(ctx, `
		SELECT id, depot, route_date, driver, truck, status, dispatched_at
		  FROM delivery_routes WHERE id = $1`, id).
		Scan(&rt.ID, &rt.Depot, &rt.RouteDate, &rt.Driver, &rt.Truck, &rt.Status, &rt.DispatchedAt)
	if err != nil {
		return domain.Route{}, notFound(err)
	}
	rows, err := q.Query(ctx, `
		SELECT id, route_id, order_id, stop_seq, status, delivered_at, COALESCE(signed_by, '')
		  FROM deliveries WHERE route_id = $1 ORDER BY stop_seq`, id)
	if err != nil {
		return domain.Route{}, err
	}
	defer rows.Close()
	for rows.Next() {
		var d domain.Delivery
		if err := rows.Scan(&d.ID, &d.RouteID, &d.OrderID, &d.StopSeq, &d.Status, &d.DeliveredAt, &d.SignedBy); err != nil {
			return domain.Route{}, err
		}
		rt.Stops = append(rt.Stops, d)
	}
	return rt, rows.Err()
}

// MarkDispatched flips a planned route to dispatched and its stops to
// out_for_delivery. It reports whether the route was still planned.
func (r *DeliveryRepo) MarkDispatched(ctx context.Context, q Querier, id uuid.UUID, at time.Time) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE delivery_routes SET status = 'dispatched', dispatched_at = $2
		 WHERE id = $1 AND status = 'planned'`, id, at)
	if err != nil {
		return false, err
	}
	if tag.RowsAffected() == 0 {
		return false, nil
	}
	_, err = q.Exec(ctx, `UPDATE deliveries SET status = 'out_for_delivery' WHERE route_id = $1 AND status = 'scheduled'`, id)
	return true, err
}

// GetDelivery loads one stop.
func (r *DeliveryRepo) GetDelivery(ctx context.Context, q Querier, id uuid.UUID) (domain.Delivery, error) {
	var d domain.Delivery
	err := q.QueryRow(ctx, `
		SELECT id, route_id, order_id, stop_seq, status, delivered_at, COALESCE(signed_by, '')
		  FROM deliveries WHERE id = $1`, id).
		Scan(&d.ID, &d.RouteID, &d.OrderID, &d.StopSeq, &d.Status, &d.DeliveredAt, &d.SignedBy)
	return d, notFound(err)
}

// MarkDelivered stamps the stop as delivered with the signer's name.
func (r *DeliveryRepo) MarkDelivered(ctx context.Context, q Querier, id uuid.UUID, signedBy string, at time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE deliveries SET status = 'delivered', delivered_at = $3, signed_by = $2
		 WHERE id = $1`, id, signedBy, at)
	return err
}

// Attempt is one failed delivery attempt reported by the driver app.
type Attempt struct {
	ID          uuid.UUID
	DeliveryID  uuid.UUID
	AttemptNo   int
	Reason      string
	AttemptedAt time.Time
}

// AppendAttempt logs a failed attempt. The driver app numbers attempts per
// stop, so a repeated report of the same attempt is ignored.
func (r *DeliveryRepo) AppendAttempt(ctx context.Context, q Querier, a Attempt) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO delivery_attempts (id, delivery_id, attempt_no, reason, attempted_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT ON CONSTRAINT delivery_attempts_no_uniq DO NOTHING`,
		a.ID, a.DeliveryID, a.AttemptNo, a.Reason, a.AttemptedAt)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// MarkFailed records a failed stop and the date it is pushed to, if the stop
// is still out for delivery.
func (r *DeliveryRepo) MarkFailed(ctx context.Context, q Querier, id uuid.UUID, rescheduleFor time.Time) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE deliveries SET status = 'failed', reschedule_for = $2
		 WHERE id = $1 AND status = 'out_for_delivery'`, id, rescheduleFor)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
