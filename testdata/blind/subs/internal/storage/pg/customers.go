package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type CustomerRepo struct{ db sqlx.ExtContext }

func NewCustomerRepo(db sqlx.ExtContext) *CustomerRepo { return &CustomerRepo{db: db} }

func (r *CustomerRepo) WithTx(tx sqlx.ExtContext) billing.CustomerRepository {
	return &CustomerRepo{db: tx}
}

const customerCols = `id, email, name, stripe_customer_id, balance_cents, created_at, updated_at`

func (r *CustomerRepo) Get(ctx context.Context, id string) (billing.Customer, error) {
	var c billing.Customer
	err := sqlx.GetContext(ctx, r.db, &c, `SELECT `+customerCols+` FROM customers WHERE id = $1`, id)
	return c, mapErr("customers.get", err)
}

func (r *CustomerRepo) GetForUpdate(ctx context.Context, id string) (billing.Customer, error) {
	var c billing.Customer
	err := sqlx.GetContext(ctx, r.db, &c, `SELECT `+customerCols+` FROM customers WHERE id = $1 FOR UPDATE`, id)
	return c, mapErr("customers.get_for_update", err)
}

func (r *CustomerRepo) Insert(ctx context.Context, c billing.Customer) error {
	_, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO customers (id, email, name, balance_cents)
		VALUES (:id, :email, :name, :balance_cents)`, c)
	return mapErr("customers.insert", err)
}

func (r *CustomerRepo) SetStripeCustomer(ctx context.Context, id, stripeCustomerID string) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE customers SET stripe_customer_id = $2, updated_at = now()
		WHERE id = $1 AND (stripe_customer_id IS NULL OR stripe_customer_id = $2)`, id, stripeCustomerID)
	if err != nil {
		return mapErr("customers.set_stripe", err)
	}
	return expectOne("customers.set_stripe", res)
}

func (r *CustomerRepo) AddBalance(ctx context.Context, id string, delta int64) (int64, error) {
	var balance int64
	err := sqlx.GetContext(ctx, r.db, &balance, `
		UPDATE customers SET balance_cents = balance_cents + $2, updated_at = now()
		WHERE id = $1 RETURNING balance_cents`, id, delta)
	return balance, mapErr("customers.add_balance", err)
}
