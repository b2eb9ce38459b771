// Package pgstore implements repositories on top of pgx. Every method joins
// the transaction carried in ctx (see txm) when there is one.
package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/platform/txm"
)

type Shipments struct {
	pool *pgxpool.Pool
}

func NewShipments(pool *pgxpool.Pool) *Shipments { return &Shipments{pool: pool} }

const shipmentColumns = `id, reference, shipper_id, order_ref, status, carrier, service_level,
	origin, destination, consignee, weight_grams, declared_cents, currency,
	coalesce(payment_intent_id, ''), paid_cents, created_at`

func (r *Shipments) Insert(ctx context.Context, s *domain.Shipment) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx, `
		INSERT INTO shipments (id, reference, shipper_id, order_ref, status, carrier, service_level,
			origin, destination, consignee, weight_grams, declared_cents, currency, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
		s.ID, s.Reference, s.ShipperID, s.OrderRef, s.Status, s.Carrier, s.ServiceLevel,
		s.Origin, s.Destination, s.Consignee, s.WeightGrams, s.DeclaredCents, s.Currency, s.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert shipment: %w", err)
	}
	return nil
}

func (r *Shipments) Get(ctx context.Context, id string) (*domain.Shipment, error) {
	row := txm.Q(ctx, r.pool).QueryRow(ctx, `SELECT `+shipmentColumns+` FROM shipments WHERE id = $1`, id)
	return scanShipment(row)
}

func scanShipment(row pgx.Row) (*domain.Shipment, error) {
	var s domain.Shipment
	err := row.Scan(&s.ID, &s.Reference, &s.ShipperID, &s.OrderRef, &s.Status, &s.Carrier, &s.ServiceLevel,
		&s.Origin, &s.Destination, &s.Consignee, &s.WeightGrams, &s.DeclaredCents, &s.Currency,
		&s.PaymentIntentID, &s.PaidCents, &s.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("scan shipment: %w", err)
	}
	return &s, nil
}

func (r *Shipments) UpdateConsignee(ctx context.Context, id string, consignee domain.Address) error {
	tag, err := txm.Q(ctx, r.pool).Exec(ctx,
		`UPDATE shipments SET consignee = $2, updated_at = now() WHERE id = $1 AND status IN ('booked', 'labelled')`,
		id, consignee)
	if err != nil {
		return fmt.Errorf("update consignee: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func (r *Shipments) SetStatus(ctx context.Context, id string, status domain.ShipmentStatus) error {
	tag, err := txm.Q(ctx, r.pool).Exec(ctx,
		`UPDATE shipments SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	if err != nil {
		return fmt.Errorf("set shipment status: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func (r *Shipments) FlagException(ctx context.Context, id string) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx,
		`UPDATE shipments SET has_exception = true, updated_at = now() WHERE id = $1`, id)
	return err
}

// BillingAccount returns the Stripe identity of the shipment's shipper.
func (r *Shipments) BillingAccount(ctx context.Context, shipperID string) (*domain.BillingAccount, error) {
	var a domain.BillingAccount
	err := txm.Q(ctx, r.pool).QueryRow(ctx,
		`SELECT id, stripe_customer_id, email FROM customers WHERE id = $1`, shipperID).
		Scan(&a.CustomerID, &a.StripeCustomerID, &a.Email)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	return &a, err
}

type IdempotencyKeys struct {
	pool *pgxpool.Pool
}

func NewIdempotencyKeys(pool *pgxpool.Pool) *IdempotencyKeys { return &IdempotencyKeys{pool: pool} }

// Claim inserts the key. When the key already exists it returns the stored
// response instead (claimed == false). Call it inside the transaction that
// performs the work so the claim and the work commit together.
func (r *IdempotencyKeys) Claim(ctx context.Context, scope, key, requestHash string) (bool, *domain.StoredResponse, error) {
	q := txm.Q(ctx, r.pool)
	tag, err := q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return false, nil, fmt.Errorf("claim idempotency key: %w", err)
	}
	if tag.RowsAffected() == 1 {
		return true, nil, nil
	}
	var sr domain.StoredResponse
	var status *int
	err = q.QueryRow(ctx, `
		SELECT request_hash, status_code, convert_to(coalesce(response::text, ''), 'UTF8')
		FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key).
		Scan(&sr.RequestHash, &status, &sr.Body)
	if err != nil {
		return false, nil, fmt.Errorf("load idempotency key: %w", err)
	}
	if status != nil {
		sr.StatusCode = *status
	}
	return false, &sr, nil
}

// Complete records the response for a claimed key.
func (r *IdempotencyKeys) Complete(ctx context.Context, scope, key string, status int, body []byte) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx, `
		UPDATE idempotency_keys SET status_code = $3, response = $4::jsonb
		WHERE scope = $1 AND key = $2`, scope, key, status, string(body))
	return err
}

// Lookup implements httpx.ResponseStore.
func (r *IdempotencyKeys) Lookup(ctx context.Context, scope, key string) ([]byte, bool, error) {
	var body string
	err := txm.Q(ctx, r.pool).QueryRow(ctx, `
		SELECT response::text FROM idempotency_keys
		WHERE scope = $1 AND key = $2 AND response IS NOT NULL`, scope, key).Scan(&body)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return []byte(body), true, nil
}

// Save implements httpx.ResponseStore.
func (r *IdempotencyKeys) Save(ctx context.Context, scope, key string, status int, body []byte) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
		VALUES ($1, $2, '', $3, $4::jsonb)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, status, string(body))
	return err
}
