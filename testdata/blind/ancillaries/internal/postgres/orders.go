package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"github.com/skyway-air/ancillaries/internal/domain"
)

const orderColumns = `id, pnr, passenger_ref, flight_id, product, status, currency, total_amount,
	amount_paid, refunded_amount, payment_intent_id, natural_key, contact_email, contact_phone,
	loyalty_number, created_at, updated_at`

type orderRepo struct{ q sqlx.ExtContext }

func (r orderRepo) Create(ctx context.Context, o domain.Order) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO ancillary_orders (id, pnr, passenger_ref, flight_id, product, status, currency,
			total_amount, natural_key, contact_email, contact_phone, loyalty_number)
		VALUES (:id, :pnr, :passenger_ref, :flight_id, :product, :status, :currency,
			:total_amount, :natural_key, :contact_email, :contact_phone, :loyalty_number)`, o)
	if err != nil {
		return fmt.Errorf("orders: create: %w", err)
	}
	return nil
}

func (r orderRepo) CreateWithNaturalKey(ctx context.Context, o domain.Order) (domain.Order, bool, error) {
	if !o.NaturalKey.Valid {
		return domain.Order{}, false, fmt.Errorf("orders: natural key required")
	}
	rows, err := sqlx.NamedQueryContext(ctx, r.q, `
		INSERT INTO ancillary_orders (id, pnr, passenger_ref, flight_id, product, status, currency,
			total_amount, natural_key, contact_email, contact_phone, loyalty_number)
		VALUES (:id, :pnr, :passenger_ref, :flight_id, :product, :status, :currency,
			:total_amount, :natural_key, :contact_email, :contact_phone, :loyalty_number)
		ON CONFLICT (natural_key) DO NOTHING
		RETURNING id`, o)
	if err != nil {
		return domain.Order{}, false, fmt.Errorf("orders: create natural: %w", err)
	}
	inserted := rows.Next()
	_ = rows.Close()
	var existing domain.Order
	err = sqlx.GetContext(ctx, r.q, &existing,
		`SELECT `+orderColumns+` FROM ancillary_orders WHERE natural_key = $1`, o.NaturalKey.String)
	if err != nil {
		return domain.Order{}, false, notFound(err)
	}
	return existing, inserted, nil
}

func (r orderRepo) Get(ctx context.Context, id string) (domain.Order, error) {
	var o domain.Order
	err := sqlx.GetContext(ctx, r.q, &o, `SELECT `+orderColumns+` FROM ancillary_orders WHERE id = $1`, id)
	return o, notFound(err)
}

func (r orderRepo) GetForUpdate(ctx context.Context, id string) (domain.Order, error) {
	var o domain.Order
	err := sqlx.GetContext(ctx, r.q, &o, `SELECT `+orderColumns+` FROM ancillary_orders WHERE id = $1 FOR UPDATE`, id)
	return o, notFound(err)
}

func (r orderRepo) FindByIdempotencyKey(ctx context.Context, scope, key string) (domain.Order, error) {
	var o domain.Order
	err := sqlx.GetContext(ctx, r.q, &o, `
		SELECT o.*
		FROM idempotency_keys k JOIN ancillary_orders o ON o.id = k.order_id
		WHERE k.scope = $1 AND k.key = $2`, scope, key)
	return o, notFound(err)
}

func (r orderRepo) FindByPaymentIntent(ctx context.Context, pi string) (domain.Order, error) {
	var o domain.Order
	err := sqlx.GetContext(ctx, r.q, &o,
		`SELECT `+orderColumns+` FROM ancillary_orders WHERE payment_intent_id = $1`, pi)
	return o, notFound(err)
}

func (r orderRepo) FindByNaturalKey(ctx context.Context, key string) (domain.Order, error) {
	var o domain.Order
	err := sqlx.GetContext(ctx, r.q, &o,
		`SELECT `+orderColumns+` FROM ancillary_orders WHERE natural_key = $1`, key)
	return o, notFound(err)
}

func (r orderRepo) AttachPaymentIntent(ctx context.Context, id, pi string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE ancillary_orders SET payment_intent_id = $2, updated_at = now()
		WHERE id = $1 AND (payment_intent_id IS NULL OR payment_intent_id = $2)`, id, pi)
	return err
}

func (r orderRepo) MarkPaid(ctx context.Context, id string, amountReceived int64) (bool, error) {
	n, err := affected(r.q.ExecContext(ctx, `
		UPDATE ancillary_orders SET status = 'paid', amount_paid = $2, updated_at = now()
		WHERE id = $1 AND status IN ('pending_payment', 'payment_failed')`, id, amountReceived))
	return n > 0, err
}

func (r orderRepo) MarkPaymentFailed(ctx context.Context, id string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE ancillary_orders SET status = 'payment_failed', updated_at = now()
		WHERE id = $1 AND status = 'pending_payment'`, id)
	return err
}

func (r orderRepo) SetStatus(ctx context.Context, id string, status domain.OrderStatus) error {
	_, err := r.q.ExecContext(ctx,
		`UPDATE ancillary_orders SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

func (r orderRepo) AddRefunded(ctx context.Context, id string, amount int64) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE ancillary_orders SET refunded_amount = refunded_amount + $2, updated_at = now()
		WHERE id = $1`, id, amount)
	return err
}

func (r orderRepo) UpdateContact(ctx context.Context, id, email, phone string) error {
	n, err := affected(r.q.ExecContext(ctx, `
		UPDATE ancillary_orders SET contact_email = $2, contact_phone = $3, updated_at = now()
		WHERE id = $1`, id, email, phone))
	if err == nil && n == 0 {
		return domain.ErrNotFound
	}
	return err
}

func (r orderRepo) LinkLoyalty(ctx context.Context, pnr, passengerRef, number string) (int64, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE ancillary_orders SET loyalty_number = $3, updated_at = now()
		WHERE pnr = $1 AND passenger_ref = $2 AND status <> 'expired'`, pnr, passengerRef, number))
}

func (r orderRepo) ListPendingBefore(ctx context.Context, before time.Time, limit int) ([]domain.Order, error) {
	var out []domain.Order
	err := sqlx.SelectContext(ctx, r.q, &out, `
		SELECT `+orderColumns+` FROM ancillary_orders
		WHERE status = 'pending_payment' AND created_at < $1
		ORDER BY created_at LIMIT $2`, before, limit)
	return out, err
}

func (r orderRepo) ListByPNR(ctx context.Context, pnr string) ([]domain.Order, error) {
	var out []domain.Order
	err := sqlx.SelectContext(ctx, r.q, &out,
		`SELECT `+orderColumns+` FROM ancillary_orders WHERE pnr = $1 ORDER BY created_at`, pnr)
	return out, err
}

const itemColumns = `id, order_id, product, code, description, flight_id, service_date, quantity,
	amount, currency, status, refundable, emd_number, passenger_ref, created_at`

type itemRepo struct{ q sqlx.ExtContext }

func (r itemRepo) Add(ctx context.Context, it domain.OrderItem) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO order_items (id, order_id, product, code, description, flight_id, service_date,
			quantity, amount, currency, status, refundable, passenger_ref)
		VALUES (:id, :order_id, :product, :code, :description, :flight_id, :service_date,
			:quantity, :amount, :currency, :status, :refundable, :passenger_ref)`, it)
	if err != nil {
		return fmt.Errorf("items: add: %w", err)
	}
	return nil
}

func (r itemRepo) Get(ctx context.Context, id string) (domain.OrderItem, error) {
	var it domain.OrderItem
	err := sqlx.GetContext(ctx, r.q, &it, `SELECT `+itemColumns+` FROM order_items WHERE id = $1`, id)
	return it, notFound(err)
}

func (r itemRepo) GetForUpdate(ctx context.Context, id string) (domain.OrderItem, error) {
	var it domain.OrderItem
	err := sqlx.GetContext(ctx, r.q, &it, `SELECT `+itemColumns+` FROM order_items WHERE id = $1 FOR UPDATE`, id)
	return it, notFound(err)
}

func (r itemRepo) ListByOrder(ctx context.Context, orderID string) ([]domain.OrderItem, error) {
	var out []domain.OrderItem
	err := sqlx.SelectContext(ctx, r.q, &out,
		`SELECT `+itemColumns+` FROM order_items WHERE order_id = $1 ORDER BY created_at`, orderID)
	return out, err
}

func (r itemRepo) ListByFlight(ctx context.Context, flightID string, statuses ...domain.ItemStatus) ([]domain.OrderItem, error) {
	var out []domain.OrderItem
	err := sqlx.SelectContext(ctx, r.q, &out, `
		SELECT `+itemColumns+` FROM order_items
		WHERE flight_id = $1 AND status = ANY($2)
		ORDER BY created_at`, flightID, pq.Array(statusStrings(statuses)))
	return out, err
}

func (r itemRepo) ListByPNR(ctx context.Context, pnr string, statuses ...domain.ItemStatus) ([]domain.OrderItem, error) {
	var out []domain.OrderItem
	err := sqlx.SelectContext(ctx, r.q, &out, `
		SELECT i.*
		FROM order_items i JOIN ancillary_orders o ON o.id = i.order_id
		WHERE o.pnr = $1 AND i.status = ANY($2)
		ORDER BY i.created_at`, pnr, pq.Array(statusStrings(statuses)))
	return out, err
}

func (r itemRepo) SetStatus(ctx context.Context, id string, status domain.ItemStatus) error {
	_, err := r.q.ExecContext(ctx, `UPDATE order_items SET status = $2 WHERE id = $1`, id, status)
	return err
}

func (r itemRepo) TransitionStatus(ctx context.Context, id string, to domain.ItemStatus, from ...domain.ItemStatus) (bool, error) {
	n, err := affected(r.q.ExecContext(ctx,
		`UPDATE order_items SET status = $2 WHERE id = $1 AND status = ANY($3)`,
		id, to, pq.Array(statusStrings(from))))
	return n > 0, err
}

func (r itemRepo) SetEMD(ctx context.Context, id, emdNumber string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE order_items SET emd_number = $2 WHERE id = $1`, id, emdNumber)
	return err
}

type profileRepo struct{ q sqlx.ExtContext }

func (r profileRepo) Upsert(ctx context.Context, p domain.PaymentProfile) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO payment_profiles (pnr, stripe_customer_id, payment_method_id, currency,
			contact_email, contact_phone, updated_at)
		VALUES (:pnr, :stripe_customer_id, :payment_method_id, :currency,
			:contact_email, :contact_phone, now())
		ON CONFLICT (pnr) DO UPDATE SET
			stripe_customer_id = EXCLUDED.stripe_customer_id,
			payment_method_id = EXCLUDED.payment_method_id,
			currency = EXCLUDED.currency,
			contact_email = EXCLUDED.contact_email,
			contact_phone = EXCLUDED.contact_phone,
			updated_at = now()`, p)
	return err
}

func (r profileRepo) Get(ctx context.Context, pnr string) (domain.PaymentProfile, error) {
	var p domain.PaymentProfile
	err := sqlx.GetContext(ctx, r.q, &p, `
		SELECT pnr, stripe_customer_id, payment_method_id, currency, contact_email, contact_phone, updated_at
		FROM payment_profiles WHERE pnr = $1`, pnr)
	return p, notFound(err)
}

type idempotencyRepo struct{ q sqlx.ExtContext }

func (r idempotencyRepo) Claim(ctx context.Context, scope, key, orderID string) (string, bool, error) {
	var owner string
	err := sqlx.GetContext(ctx, r.q, &owner, `
		INSERT INTO idempotency_keys (scope, key, order_id) VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO UPDATE SET scope = EXCLUDED.scope
		RETURNING order_id`, scope, key, orderID)
	if err != nil {
		return "", false, fmt.Errorf("idempotency: claim: %w", err)
	}
	return owner, owner == orderID, nil
}

type seatHoldRepo struct{ q sqlx.ExtContext }

func (r seatHoldRepo) Upsert(ctx context.Context, h domain.SeatHold) (domain.SeatHold, bool, error) {
	var out domain.SeatHold
	rows, err := sqlx.NamedQueryContext(ctx, r.q, `
		INSERT INTO seat_holds (id, flight_id, seat_no, pnr, passenger_ref, status, expires_at)
		VALUES (:id, :flight_id, :seat_no, :pnr, :passenger_ref, 'active', :expires_at)
		ON CONFLICT (flight_id, seat_no) DO UPDATE SET
			pnr = EXCLUDED.pnr,
			passenger_ref = EXCLUDED.passenger_ref,
			status = 'active',
			expires_at = EXCLUDED.expires_at
		WHERE (seat_holds.pnr = EXCLUDED.pnr AND seat_holds.passenger_ref = EXCLUDED.passenger_ref
				AND seat_holds.status = 'active')
			OR (seat_holds.status = 'active' AND seat_holds.expires_at < now())
			OR seat_holds.status = 'released'
		RETURNING id, flight_id, seat_no, pnr, passenger_ref, status, expires_at, created_at`, h)
	if err != nil {
		return out, false, fmt.Errorf("seat holds: upsert: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		return out, false, rows.Err()
	}
	if err := rows.StructScan(&out); err != nil {
		return out, false, err
	}
	return out, true, nil
}

func (r seatHoldRepo) GetActive(ctx context.Context, flightID, seat string) (domain.SeatHold, error) {
	var h domain.SeatHold
	err := sqlx.GetContext(ctx, r.q, &h, `
		SELECT id, flight_id, seat_no, pnr, passenger_ref, status, expires_at, created_at
		FROM seat_holds WHERE flight_id = $1 AND seat_no = $2 AND status = 'active' AND expires_at > now()
		FOR UPDATE`, flightID, seat)
	return h, notFound(err)
}

func (r seatHoldRepo) MarkSold(ctx context.Context, id string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE seat_holds SET status = 'sold' WHERE id = $1`, id)
	return err
}

func statusStrings(in []domain.ItemStatus) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = string(s)
	}
	return out
}
