package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/crumbworks/ovenline/internal/domain"
)

// Customers reads customer accounts.
type Customers struct{}

// NewCustomers builds the repository.
func NewCustomers() *Customers { return &Customers{} }

const customerColumns = `id, account_code, name, kind, billing_email, payment_method, dd_mandate_id,
	card_customer_ref, payment_terms_days, van_code, active, created_at`

// Get loads a customer by id.
func (r *Customers) Get(ctx context.Context, q Q, id uuid.UUID) (domain.Customer, error) {
	c, err := namedGet[domain.Customer](ctx, q,
		`SELECT `+customerColumns+` FROM customers WHERE id = :id`, map[string]any{"id": id})
	return c, notFound(err, "customer", id)
}

// ListActive returns every active customer, ordered by account code.
func (r *Customers) ListActive(ctx context.Context, q Q) ([]domain.Customer, error) {
	return namedSelect[domain.Customer](ctx, q,
		`SELECT `+customerColumns+` FROM customers WHERE active ORDER BY account_code`, map[string]any{})
}

// Products loads the given products keyed by id.
func (r *Customers) Products(ctx context.Context, q Q, ids []uuid.UUID) (map[uuid.UUID]domain.Product, error) {
	var rows []domain.Product
	query, args, err := sqlxIn(`SELECT id, sku, name, unit_price_pence, flour_code, flour_grams_per_unit,
		bake_lead_days, active FROM products WHERE id IN (?)`, ids)
	if err != nil {
		return nil, err
	}
	if err := selectRebind(ctx, q, &rows, query, args...); err != nil {
		return nil, err
	}
	out := make(map[uuid.UUID]domain.Product, len(rows))
	for _, p := range rows {
		out[p.ID] = p
	}
	return out, nil
}
