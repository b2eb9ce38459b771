// Package customers reads homeowner contact and billing details.
package customers

import (
	"context"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
)

// Profile is the contact and billing view of a homeowner.
type Profile struct {
	ID               uuid.UUID
	FullName         string
	Email            string
	Phone            string
	StripeCustomerID string
	PaymentMethodID  string
}

// Repository reads customers.
type Repository struct {
	db database.DBTX
}

// NewRepository builds a Repository.
func NewRepository(db database.DBTX) *Repository {
	return &Repository{db: db}
}

// Get loads a customer profile.
func (r *Repository) Get(ctx context.Context, id uuid.UUID) (Profile, error) {
	var p Profile
	var stripeID, pm *string
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT id, full_name, email, phone, stripe_customer_id, default_payment_method
		FROM customers WHERE id = $1`, id).Scan(&p.ID, &p.FullName, &p.Email, &p.Phone, &stripeID, &pm)
	if err != nil {
		return p, database.NotFound(err)
	}
	if stripeID != nil {
		p.StripeCustomerID = *stripeID
	}
	if pm != nil {
		p.PaymentMethodID = *pm
	}
	return p, nil
}

// ByContract loads the customer who signed a contract.
func (r *Repository) ByContract(ctx context.Context, contractID uuid.UUID) (Profile, error) {
	var id uuid.UUID
	err := database.Executor(ctx, r.db).QueryRowContext(ctx,
		`SELECT customer_id FROM contracts WHERE id = $1`, contractID).Scan(&id)
	if err != nil {
		return Profile{}, database.NotFound(err)
	}
	return r.Get(ctx, id)
}
