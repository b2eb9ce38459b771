// Package store holds the hand-written repositories. Each repository wraps
// a db.DBTX so it runs on the pool or inside a caller's transaction.
package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/platform/db"
)

// Order is a physician's test order received from an EHR partner.
type Order struct {
	ID              string
	PartnerID       string
	ExternalOrderID string
	PatientID       uuid.UUID
	OrderingNPI     string
	OrderingPhone   string
	SiteID          string
	Priority        string
	BillingMode     string
	Status          string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// OrderTest is one ordered test.
type OrderTest struct {
	ID          uuid.UUID
	OrderID     string
	TestCode    string
	CPTCode     string
	PriceCents  int64
	Source      string
	RequestedBy string
}

// CatalogTest is a test from the catalog.
type CatalogTest struct {
	Code         string
	Name         string
	CPTCode      string
	PriceCents   int64
	SpecimenType string
	RequiresAuth bool
}

// Orders is the orders repository.
type Orders struct{ db db.DBTX }

// NewOrders returns an Orders repository.
func NewOrders(conn db.DBTX) *Orders { return &Orders{db: conn} }

// WithTx binds the repository to tx.
func (r *Orders) WithTx(tx *sql.Tx) *Orders { return &Orders{db: tx} }

const orderColumns = `id, partner_id, external_order_id, patient_id, ordering_npi, coalesce(ordering_phone, ''),
	site_id, priority, billing_mode, status, created_at, updated_at`

func scanOrder(row interface{ Scan(...any) error }) (Order, error) {
	var o Order
	err := row.Scan(&o.ID, &o.PartnerID, &o.ExternalOrderID, &o.PatientID, &o.OrderingNPI, &o.OrderingPhone,
		&o.SiteID, &o.Priority, &o.BillingMode, &o.Status, &o.CreatedAt, &o.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return o, db.ErrNotFound
	}
	return o, err
}

// InsertIfAbsent inserts o unless the partner already sent this external
// order ID. It reports whether a row was inserted.
func (r *Orders) InsertIfAbsent(ctx context.Context, o *Order) (bool, error) {
	err := r.db.QueryRowContext(ctx, `
		INSERT INTO orders (id, partner_id, external_order_id, patient_id, ordering_npi, ordering_phone,
		                    site_id, priority, billing_mode)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (partner_id, external_order_id) DO NOTHING
		RETURNING status, created_at, updated_at`,
		o.ID, o.PartnerID, o.ExternalOrderID, o.PatientID, o.OrderingNPI, db.NullString(o.OrderingPhone),
		o.SiteID, o.Priority, o.BillingMode).Scan(&o.Status, &o.CreatedAt, &o.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// Get loads an order by ID.
func (r *Orders) Get(ctx context.Context, id string) (Order, error) {
	return scanOrder(r.db.QueryRowContext(ctx, `SELECT `+orderColumns+` FROM orders WHERE id = $1`, id))
}

// GetForPartner loads an order owned by partnerID.
func (r *Orders) GetForPartner(ctx context.Context, partnerID, id string) (Order, error) {
	return scanOrder(r.db.QueryRowContext(ctx,
		`SELECT `+orderColumns+` FROM orders WHERE id = $1 AND partner_id = $2`, id, partnerID))
}

// GetByExternal loads an order by the partner's order ID.
func (r *Orders) GetByExternal(ctx context.Context, partnerID, externalID string) (Order, error) {
	return scanOrder(r.db.QueryRowContext(ctx,
		`SELECT `+orderColumns+` FROM orders WHERE partner_id = $1 AND external_order_id = $2`, partnerID, externalID))
}

// InsertOriginalTest inserts a test of the original requisition.
func (r *Orders) InsertOriginalTest(ctx context.Context, t OrderTest) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO order_tests (id, order_id, test_code, cpt_code, price_cents, source)
		VALUES ($1, $2, $3, $4, $5, 'original')
		ON CONFLICT (order_id, test_code) WHERE source = 'original' DO NOTHING`,
		t.ID, t.OrderID, t.TestCode, t.CPTCode, t.PriceCents)
	return err
}

// InsertTest inserts an order test line.
func (r *Orders) InsertTest(ctx context.Context, t OrderTest) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO order_tests (id, order_id, test_code, cpt_code, price_cents, source, requested_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		t.ID, t.OrderID, t.TestCode, t.CPTCode, t.PriceCents, t.Source, db.NullString(t.RequestedBy))
	return err
}

// Tests lists an order's tests.
func (r *Orders) Tests(ctx context.Context, orderID string) ([]OrderTest, error) {
	rows, err := r.db.QueryContext(ctx, `
		SELECT id, order_id, test_code, cpt_code, price_cents, source, coalesce(requested_by, '')
		FROM order_tests WHERE order_id = $1 ORDER BY created_at`, orderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []OrderTest
	for rows.Next() {
		var t OrderTest
		if err := rows.Scan(&t.ID, &t.OrderID, &t.TestCode, &t.CPTCode, &t.PriceCents, &t.Source, &t.RequestedBy); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// Transition moves an order from one of the from statuses to to. It
// returns the updated order, or db.ErrNotFound when no row matched.
func (r *Orders) Transition(ctx context.Context, id string, from []string, to, reason string) (Order, error) {
	return scanOrder(r.db.QueryRowContext(ctx, `
		UPDATE orders SET status = $3, cancel_reason = coalesce(nullif($4, ''), cancel_reason), updated_at = now()
		WHERE id = $1 AND status = ANY($2)
		RETURNING `+orderColumns, id, pqArray(from), to, reason))
}

// Touch bumps updated_at.
func (r *Orders) Touch(ctx context.Context, id string) error {
	_, err := r.db.ExecContext(ctx, `UPDATE orders SET updated_at = now() WHERE id = $1`, id)
	return err
}

// CatalogTests loads active catalog entries by code.
func (r *Orders) CatalogTests(ctx context.Context, codes []string) (map[string]CatalogTest, error) {
	rows, err := r.db.QueryContext(ctx, `
		SELECT code, name, cpt_code, price_cents, specimen_type, requires_auth
		FROM test_catalog WHERE active AND code = ANY($1)`, pqArray(codes))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[string]CatalogTest, len(codes))
	for rows.Next() {
		var t CatalogTest
		if err := rows.Scan(&t.Code, &t.Name, &t.CPTCode, &t.PriceCents, &t.SpecimenType, &t.RequiresAuth); err != nil {
			return nil, err
		}
		out[t.Code] = t
	}
	return out, rows.Err()
}

// AllResulted reports whether every test of the order has a final result.
func (r *Orders) AllResulted(ctx context.Context, orderID string) (bool, error) {
	var pending int
	err := r.db.QueryRowContext(ctx, `
		SELECT count(*) FROM order_tests t
		WHERE t.order_id = $1
		  AND NOT EXISTS (SELECT 1 FROM results r WHERE r.order_id = t.order_id AND r.test_code = t.test_code)`,
		orderID).Scan(&pending)
	return pending == 0, err
}
