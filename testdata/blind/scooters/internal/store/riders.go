package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
	"github.com/kickvolt/ridecore/internal/reqctx"
)

type Riders struct{ db *pgstore.DB }

func (r *Riders) Get(ctx context.Context, id uuid.UUID) (*domain.Rider, error) {
	var (
		rd             domain.Rider
		email, cus, pm *string
	)
	err := r.db.Q(ctx).QueryRow(ctx, `
		SELECT id, phone, email, stripe_customer_id, default_payment_method
		FROM riders WHERE id = $1`, id).
		Scan(&rd.ID, &rd.Phone, &email, &cus, &pm)
	if err != nil {
		return nil, pgstore.NotFound(err)
	}
	rd.Email, rd.StripeCustomerID, rd.PaymentMethodID = deref(email), deref(cus), deref(pm)
	return &rd, nil
}

type Sessions struct{ db *pgstore.DB }

// Lookup resolves a hashed bearer token to its principal.
func (s *Sessions) Lookup(ctx context.Context, tokenHash string, now time.Time) (reqctx.Principal, error) {
	var p reqctx.Principal
	var role string
	err := s.db.Q(ctx).QueryRow(ctx, `
		SELECT subject, role FROM api_sessions
		WHERE token_hash = $1 AND expires_at > $2`, tokenHash, now).
		Scan(&p.Subject, &role)
	if err != nil {
		return p, pgstore.NotFound(err)
	}
	p.Role = reqctx.Role(role)
	return p, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
