// Package patients exposes read access to patient contact and billing data.
package patients

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

var ErrNotFound = errors.New("patient not found")

type Contact struct {
	ID       string
	FullName string
	Email    string
	Phone    string
}

type BillingProfile struct {
	PatientID            string
	StripeCustomerID     string
	DefaultPaymentMethod string
	PayerID              string
	MemberID             string
}

// Directory is implemented by Repository and consumed by other packages.
type Directory interface {
	Contact(ctx context.Context, patientID string) (Contact, error)
	Billing(ctx context.Context, patientID string) (BillingProfile, error)
}

type Repository struct {
	db *sql.DB
}

func NewRepository(db *sql.DB) *Repository { return &Repository{db: db} }

func (r *Repository) Contact(ctx context.Context, id string) (Contact, error) {
	var c Contact
	err := r.db.QueryRowContext(ctx,
		`SELECT id, full_name, email, phone FROM patients WHERE id = $1`, id).
		Scan(&c.ID, &c.FullName, &c.Email, &c.Phone)
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, fmt.Errorf("patients.Contact: %w", err)
	}
	return c, nil
}

func (r *Repository) Billing(ctx context.Context, id string) (BillingProfile, error) {
	var (
		b                    BillingProfile
		cust, pm, payer, mbr sql.NullString
	)
	err := r.db.QueryRowContext(ctx,
		`SELECT id, stripe_customer_id, default_payment_method, payer_id, member_id
		   FROM patients WHERE id = $1`, id).
		Scan(&b.PatientID, &cust, &pm, &payer, &mbr)
	if errors.Is(err, sql.ErrNoRows) {
		return b, ErrNotFound
	}
	if err != nil {
		return b, fmt.Errorf("patients.Billing: %w", err)
	}
	b.StripeCustomerID, b.DefaultPaymentMethod = cust.String, pm.String
	b.PayerID, b.MemberID = payer.String, mbr.String
	return b, nil
}
