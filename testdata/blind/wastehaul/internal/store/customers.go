package store

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// Customer is a commercial account.
type Customer struct {
	ID               string    `db:"id"`
	AccountNumber    string    `db:"account_number"`
	Name             string    `db:"name"`
	Phone            *string   `db:"phone"`
	Email            *string   `db:"email"`
	ProviderCustomer *string   `db:"provider_customer"`
	CreditCents      int64     `db:"credit_cents"`
	Autopay          bool      `db:"autopay"`
	CreatedAt        time.Time `db:"created_at"`
}

// Site is a service address belonging to a customer.
type Site struct {
	ID           string    `db:"id"`
	CustomerID   string    `db:"customer_id"`
	Label        string    `db:"label"`
	Address      string    `db:"address"`
	LandfillCode string    `db:"landfill_code"`
	CreatedAt    time.Time `db:"created_at"`
}

// PaymentMethod is a tokenized card stored at the payments provider.
type PaymentMethod struct {
	ID           uuid.UUID `db:"id"`
	CustomerID   string    `db:"customer_id"`
	ProviderPMID string    `db:"provider_pm_id"`
	Brand        string    `db:"brand"`
	Last4        string    `db:"last4"`
	ExpMonth     int       `db:"exp_month"`
	ExpYear      int       `db:"exp_year"`
	IsDefault    bool      `db:"is_default"`
	CreatedAt    time.Time `db:"created_at"`
}

// Customers is the customer aggregate: accounts, sites and cards.
type Customers interface {
	InsertIfAbsent(ctx context.Context, q Querier, c Customer) (Customer, bool, error)
	Get(ctx context.Context, q Querier, id string) (Customer, error)
	GetByAccountNumber(ctx context.Context, q Querier, accountNumber string) (Customer, error)
	GetSite(ctx context.Context, q Querier, id string) (Site, error)
	AddCredit(ctx context.Context, q Querier, id string, cents int64) error
	UpsertPaymentMethod(ctx context.Context, q Querier, pm PaymentMethod) (PaymentMethod, error)
	GetPaymentMethod(ctx context.Context, q Querier, customerID string, id uuid.UUID) (PaymentMethod, error)
	DefaultPaymentMethod(ctx context.Context, q Querier, customerID string) (PaymentMethod, error)
}

type customerRepo struct{}

// NewCustomers returns the Postgres customer repository.
func NewCustomers() Customers { return customerRepo{} }

const customerCols = `id, account_number, name, phone, email, provider_customer, credit_cents, autopay, created_at`

func (customerRepo) InsertIfAbsent(ctx context.Context, q Querier, c Customer) (Customer, bool, error) {
	rows, err := q.Query(ctx, `
		INSERT INTO customers (id, account_number, name, phone, email, provider_customer, autopay)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (account_number) DO NOTHING
		RETURNING `+customerCols,
		c.ID, c.AccountNumber, c.Name, c.Phone, c.Email, c.ProviderCustomer, c.Autopay)
	created, err := one[Customer](rows, err)
	if err == nil {
		return created, true, nil
	}
	if err != ErrNotFound {
		return Customer{}, false, err
	}
	existing, err := one[Customer](q.Query(ctx,
		`SELECT `+customerCols+` FROM customers WHERE account_number = $1`, c.AccountNumber))
	return existing, false, err
}

func (customerRepo) Get(ctx context.Context, q Querier, id string) (Customer, error) {
	return one[Customer](q.Query(ctx, `SELECT `+customerCols+` FROM customers WHERE id = $1`, id))
}

func (customerRepo) GetByAccountNumber(ctx context.Context, q Querier, accountNumber string) (Customer, error) {
	return one[Customer](q.Query(ctx,
		`SELECT `+customerCols+` FROM customers WHERE account_number = $1`, accountNumber))
}

func (customerRepo) GetSite(ctx context.Context, q Querier, id string) (Site, error) {
	return one[Site](q.Query(ctx,
		`SELECT id, customer_id, label, address, landfill_code, created_at FROM sites WHERE id = $1`, id))
}

func (customerRepo) AddCredit(ctx context.Context, q Querier, id string, cents int64) error {
	tag, err := q.Exec(ctx,
		`UPDATE customers SET credit_cents = credit_cents + $2 WHERE id = $1`, id, cents)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

const pmCols = `id, customer_id, provider_pm_id, brand, last4, exp_month, exp_year, is_default, created_at`

func (customerRepo) UpsertPaymentMethod(ctx context.Context, q Querier, pm PaymentMethod) (PaymentMethod, error) {
	if pm.IsDefault {
		if _, err := q.Exec(ctx,
			`UPDATE payment_methods SET is_default = FALSE WHERE customer_id = $1 AND provider_pm_id <> $2`,
			pm.CustomerID, pm.ProviderPMID); err != nil {
			return PaymentMethod{}, err
		}
	}
	return one[PaymentMethod](q.Query(ctx, `
		INSERT INTO payment_methods (id, customer_id, provider_pm_id, brand, last4, exp_month, exp_year, is_default)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (customer_id, provider_pm_id) DO UPDATE
		   SET brand = EXCLUDED.brand,
		       last4 = EXCLUDED.last4,
		       exp_month = EXCLUDED.exp_month,
		       exp_year = EXCLUDED.exp_year,
		       is_default = EXCLUDED.is_default
		RETURNING `+pmCols,
		pm.ID, pm.CustomerID, pm.ProviderPMID, pm.Brand, pm.Last4, pm.ExpMonth, pm.ExpYear, pm.IsDefault))
}

func (customerRepo) GetPaymentMethod(ctx context.Context, q Querier, customerID string, id uuid.UUID) (PaymentMethod, error) {
	return one[PaymentMethod](q.Query(ctx,
		`SELECT `+pmCols+` FROM payment_methods WHERE customer_id = $1 AND id = $2`, customerID, id))
}

func (customerRepo) DefaultPaymentMethod(ctx context.Context, q Querier, customerID string) (PaymentMethod, error) {
	return one[PaymentMethod](q.Query(ctx,
		`SELECT `+pmCols+` FROM payment_methods WHERE customer_id = $1 AND is_default ORDER BY created_at DESC LIMIT 1`,
		customerID))
}
