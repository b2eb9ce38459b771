package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
)

type orderRepo struct{ db DBTX }

const orderColumns = `id, merchant_id, merchant_ref, coalesce(integration_event_id, ''), status, priority,
	pickup_depot_id, dropoff_lat, dropoff_lng, recipient_name, recipient_phone, parcel_grams,
	fee_cents, currency, coalesce(charge_id, ''), created_at, launched_at, delivered_at`

func (r orderRepo) Insert(ctx context.Context, o *domain.Order) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO orders (id, merchant_id, merchant_ref, status, priority, pickup_depot_id,
			dropoff_lat, dropoff_lng, recipient_name, recipient_phone, parcel_grams, fee_cents, currency)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		o.ID, o.MerchantID, o.MerchantRef, o.Status, o.Priority, o.PickupDepotID,
		o.Dropoff.Lat, o.Dropoff.Lng, o.RecipientName, o.RecipientPhone, o.ParcelGrams, o.FeeCents, o.Currency)
	return mapErr(err)
}

func (r orderRepo) InsertImported(ctx context.Context, o *domain.Order) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO orders (id, merchant_id, merchant_ref, integration_event_id, status, priority,
			pickup_depot_id, dropoff_lat, dropoff_lng, recipient_name, recipient_phone, parcel_grams,
			fee_cents, currency)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
		ON CONFLICT (integration_event_id) WHERE integration_event_id IS NOT NULL DO NOTHING`,
		o.ID, o.MerchantID, o.MerchantRef, o.IntegrationEventID, o.Status, o.Priority, o.PickupDepotID,
		o.Dropoff.Lat, o.Dropoff.Lng, o.RecipientName, o.RecipientPhone, o.ParcelGrams, o.FeeCents, o.Currency)
	if err != nil {
		return false, mapErr(err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r orderRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Order, error) {
	var o domain.Order
	err := r.db.QueryRow(ctx, `SELECT `+orderColumns+` FROM orders WHERE id = $1`, id).Scan(
		&o.ID, &o.MerchantID, &o.MerchantRef, &o.IntegrationEventID, &o.Status, &o.Priority,
		&o.PickupDepotID, &o.Dropoff.Lat, &o.Dropoff.Lng, &o.RecipientName, &o.RecipientPhone,
		&o.ParcelGrams, &o.FeeCents, &o.Currency, &o.ChargeID, &o.CreatedAt, &o.LaunchedAt, &o.DeliveredAt)
	if err != nil {
		return nil, mapErr(err)
	}
	return &o, nil
}

func (r orderRepo) SetCharged(ctx context.Context, id uuid.UUID, chargeID string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE orders SET charge_id = $2, status = 'scheduled', updated_at = now()
		WHERE id = $1 AND status = 'pending_payment'`, id, chargeID)
	return mapErr(err)
}

func (r orderRepo) MarkInFlight(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	return r.transition(ctx, `
		UPDATE orders SET status = 'in_flight', launched_at = $2, updated_at = now()
		WHERE id = $1 AND status IN ('scheduled', 'in_flight')`, id, at)
}

func (r orderRepo) MarkDelivered(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	return r.transition(ctx, `
		UPDATE orders SET status = 'delivered', delivered_at = $2, updated_at = now()
		WHERE id = $1 AND status = 'in_flight'`, id, at)
}

func (r orderRepo) MarkFailed(ctx context.Context, id uuid.UUID) (bool, error) {
	return r.transition(ctx, `
		UPDATE orders SET status = 'failed', updated_at = now()
		WHERE id = $1 AND status IN ('scheduled', 'in_flight')`, id)
}

func (r orderRepo) Cancel(ctx context.Context, id uuid.UUID) (bool, error) {
	return r.transition(ctx, `
		UPDATE orders SET status = 'cancelled', updated_at = now()
		WHERE id = $1 AND status IN ('pending_payment', 'scheduled')`, id)
}

func (r orderRepo) UpgradePriority(ctx context.Context, id uuid.UUID, p domain.Priority, addCents int64) (bool, error) {
	return r.transition(ctx, `
		UPDATE orders SET priority = $2, fee_cents = fee_cents + $3, updated_at = now()
		WHERE id = $1 AND priority <> $2 AND status IN ('pending_payment', 'scheduled')`, id, p, addCents)
}

func (r orderRepo) transition(ctx context.Context, sql string, args ...any) (bool, error) {
	tag, err := r.db.Exec(ctx, sql, args...)
	if err != nil {
		return false, mapErr(err)
	}
	return tag.RowsAffected() > 0, nil
}

type podRepo struct{ db DBTX }

func (r podRepo) Insert(ctx context.Context, p *domain.ProofOfDelivery) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO proof_of_delivery (order_id, photo_key, photo_sha256, drone_id, lat, lng, captured_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		p.OrderID, p.PhotoKey, p.PhotoSHA256, p.DroneID, p.Location.Lat, p.Location.Lng, p.CapturedAt)
	return mapErr(err)
}

func (r podRepo) Get(ctx context.Context, orderID uuid.UUID) (*domain.ProofOfDelivery, error) {
	var p domain.ProofOfDelivery
	err := r.db.QueryRow(ctx, `
		SELECT order_id, photo_key, photo_sha256, drone_id, lat, lng, captured_at
		  FROM proof_of_delivery WHERE order_id = $1`, orderID).
		Scan(&p.OrderID, &p.PhotoKey, &p.PhotoSHA256, &p.DroneID, &p.Location.Lat, &p.Location.Lng, &p.CapturedAt)
	if err != nil {
		return nil, mapErr(err)
	}
	return &p, nil
}
