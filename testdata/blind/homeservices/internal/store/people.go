package store

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/tradeloop/homeservices/internal/domain"
)

type customerRepo struct{ x sqlx.ExtContext }

func (r *customerRepo) Get(ctx context.Context, id string) (*domain.Customer, error) {
	return getOne[domain.Customer](ctx, r.x, `
		SELECT id, name, phone, email, stripe_customer_id, default_payment_method, credit_cents, created_at
		FROM customers WHERE id = $1`, id)
}

func (r *customerRepo) AddCredit(ctx context.Context, id string, cents int64) error {
	return expectRow("customer " + id)(exec(ctx, r.x, `
		UPDATE customers SET credit_cents = credit_cents + $2 WHERE id = $1`, id, cents))
}

type technicianRepo struct{ x sqlx.ExtContext }

const technicianColumns = `id, name, phone, trade, stripe_account_id, open_slots, on_call,
	rating_sum, rating_count, home_lat, home_lng, service_radius_km, created_at`

func (r *technicianRepo) Get(ctx context.Context, id string) (*domain.Technician, error) {
	return getOne[domain.Technician](ctx, r.x, `SELECT `+technicianColumns+` FROM technicians WHERE id = $1`, id)
}

func (r *technicianRepo) ByPhone(ctx context.Context, phone string) (*domain.Technician, error) {
	return getOne[domain.Technician](ctx, r.x, `SELECT `+technicianColumns+` FROM technicians WHERE phone = $1`, phone)
}

// Nearby returns technicians of a trade with free slots whose service area
// covers the point, closest first (equirectangular approximation).
func (r *technicianRepo) Nearby(ctx context.Context, trade string, lat, lng float64, limit int) ([]domain.Technician, error) {
	return getMany[domain.Technician](ctx, r.x, `
		SELECT `+technicianColumns+` FROM (
			SELECT t.*, 111.32 * sqrt(power(t.home_lat - $2, 2) +
			       power((t.home_lng - $3) * cos(radians($2)), 2)) AS distance_km
			FROM technicians t
			WHERE t.trade = $1 AND t.open_slots > 0
		) near
		WHERE distance_km <= service_radius_km
		ORDER BY distance_km
		LIMIT $4`, trade, lat, lng, limit)
}

func (r *technicianRepo) NextOnCall(ctx context.Context, trade string, exclude []string) (*domain.Technician, error) {
	if exclude == nil {
		exclude = []string{}
	}
	return getOne[domain.Technician](ctx, r.x, `
		SELECT `+technicianColumns+` FROM technicians
		WHERE trade = $1 AND on_call AND NOT (id = ANY($2))
		ORDER BY open_slots DESC, rating_sum::float / GREATEST(rating_count, 1) DESC
		LIMIT 1`, trade, exclude)
}

func (r *technicianRepo) TakeSlot(ctx context.Context, id string) error {
	n, err := exec(ctx, r.x, `
		UPDATE technicians SET open_slots = open_slots - 1
		WHERE id = $1 AND open_slots > 0`, id)
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.Conflictf("technician %s has no open slots", id)
	}
	return nil
}

func (r *technicianRepo) ReleaseSlot(ctx context.Context, id string) error {
	_, err := exec(ctx, r.x, `UPDATE technicians SET open_slots = open_slots + 1 WHERE id = $1`, id)
	return err
}

func (r *technicianRepo) AddRating(ctx context.Context, id string, rating int) error {
	return expectRow("technician " + id)(exec(ctx, r.x, `
		UPDATE technicians SET rating_sum = rating_sum + $2, rating_count = rating_count + 1
		WHERE id = $1`, id, rating))
}
