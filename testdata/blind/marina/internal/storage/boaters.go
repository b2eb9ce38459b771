package storage

import (
	"context"
	"fmt"
	"strings"

	"github.com/harbourline/marina/internal/domain"
)

type BoaterRepository interface {
	Get(ctx context.Context, id string) (*domain.Boater, error)
	PhonesForAudience(ctx context.Context, audience string) ([]string, error)
	Vessel(ctx context.Context, id string) (*domain.Vessel, error)
}

type boaterRepo struct{ q Querier }

func (r *boaterRepo) Get(ctx context.Context, id string) (*domain.Boater, error) {
	var b domain.Boater
	var cust, pm *string
	err := r.q.QueryRow(ctx, `
		SELECT id, full_name, phone, email, stripe_customer_id, default_payment_method
		FROM boaters WHERE id = $1`, id).
		Scan(&b.ID, &b.FullName, &b.Phone, &b.Email, &cust, &pm)
	if err != nil {
		return nil, notFound(err)
	}
	if cust != nil {
		b.StripeCustomerID = *cust
	}
	if pm != nil {
		b.DefaultPaymentMethod = *pm
	}
	return &b, nil
}

// PhonesForAudience resolves a broadcast audience ("all", "seasonal",
// "in-harbour" or "pier:<name>") to distinct phone numbers.
func (r *boaterRepo) PhonesForAudience(ctx context.Context, audience string) ([]string, error) {
	var sql string
	var args []any
	switch {
	case audience == "all":
		sql = `SELECT DISTINCT phone FROM boaters`
	case audience == "seasonal":
		sql = `SELECT DISTINCT b.phone FROM boaters b
		       JOIN seasonal_contracts c ON c.boater_id = b.id AND c.status = 'active'`
	case audience == "in-harbour":
		sql = `SELECT DISTINCT b.phone FROM boaters b
		       JOIN reservations r ON r.boater_id = b.id AND r.status = 'arrived'`
	case strings.HasPrefix(audience, "pier:"):
		sql = `SELECT DISTINCT b.phone FROM boaters b
		       JOIN reservations r ON r.boater_id = b.id AND r.status IN ('confirmed','arrived')
		       JOIN berths br ON br.id = r.berth_id
		       WHERE br.pier = $1`
		args = append(args, strings.TrimPrefix(audience, "pier:"))
	default:
		return nil, fmt.Errorf("unknown audience %q", audience)
	}
	rows, err := r.q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var phones []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, err
		}
		phones = append(phones, p)
	}
	return phones, rows.Err()
}

func (r *boaterRepo) Vessel(ctx context.Context, id string) (*domain.Vessel, error) {
	var v domain.Vessel
	err := r.q.QueryRow(ctx, `
		SELECT id, boater_id, name, registration, loa_m::float8, beam_m::float8
		FROM vessels WHERE id = $1`, id).
		Scan(&v.ID, &v.BoaterID, &v.Name, &v.Registration, &v.LOAMetres, &v.BeamMetres)
	if err != nil {
		return nil, notFound(err)
	}
	return &v, nil
}
