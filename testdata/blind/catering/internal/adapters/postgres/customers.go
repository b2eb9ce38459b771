package postgres

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type CustomerRepo struct{ db *DB }

func NewCustomerRepo(db *DB) *CustomerRepo { return &CustomerRepo{db: db} }

const customerCols = `id, name, email, COALESCE(phone, ''), COALESCE(stripe_customer_id, ''), credit_cents`

func scanCustomer(row pgx.Row) (domain.Customer, error) {
	var c domain.Customer
	err := row.Scan(&c.ID, &c.Name, &c.Email, &c.Phone, &c.StripeCustomerID, &c.CreditCents)
	return c, err
}

func (r *CustomerRepo) UpsertByEmail(ctx context.Context, c domain.Customer) (domain.Customer, error) {
	row := r.db.q(ctx).QueryRow(ctx, `
		INSERT INTO customers (id, name, email, phone)
		VALUES ($1, $2, $3, NULLIF($4, ''))
		ON CONFLICT (email) DO UPDATE
		   SET name = EXCLUDED.name,
		       phone = COALESCE(EXCLUDED.phone, customers.phone),
		       updated_at = now()
		RETURNING `+customerCols,
		c.ID, c.Name, c.Email, c.Phone)
	out, err := scanCustomer(row)
	return out, mapErr(err)
}

func (r *CustomerRepo) Get(ctx context.Context, id uuid.UUID) (domain.Customer, error) {
	row := r.db.q(ctx).QueryRow(ctx, `SELECT `+customerCols+` FROM customers WHERE id = $1`, id)
	c, err := scanCustomer(row)
	return c, mapErr(err)
}

// AddCredit posts an entry to the customer's credit ledger and bumps the
// running balance used at invoicing time.
func (r *CustomerRepo) AddCredit(ctx context.Context, customerID uuid.UUID, source, sourceRef string, cents int64) error {
	if _, err := r.db.q(ctx).Exec(ctx, `
		INSERT INTO customer_credit_ledger (id, customer_id, source, source_ref, amount_cents)
		VALUES ($1, $2, $3, $4, $5)`,
		uuid.New(), customerID, source, sourceRef, cents); err != nil {
		return mapErr(err)
	}
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE customers SET credit_cents = credit_cents + $2, updated_at = now() WHERE id = $1`,
		customerID, cents)
	return mapErr(err)
}
