package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/driftline-services/snowplow/internal/db"
	"github.com/driftline-services/snowplow/internal/domain"
)

// Subcontractors persists subcontractors and their trucks.
type Subcontractors struct {
	db.Repo[domain.Subcontractor]
	trucks db.Repo[domain.Truck]
}

// NewSubcontractors returns a subcontractor repository.
func NewSubcontractors(pool *pgxpool.Pool) *Subcontractors {
	return &Subcontractors{
		Repo:   db.NewRepo[domain.Subcontractor](pool),
		trucks: db.NewRepo[domain.Truck](pool),
	}
}

const subCols = `id, legal_name, tax_id, phone, rate_per_route_cents, bank_recipient_id, created_at, updated_at`

// Upsert registers a subcontractor by tax ID, updating contact details when
// the tax ID is already known, and returns the stored row.
func (r *Subcontractors) Upsert(ctx context.Context, s domain.Subcontractor) (domain.Subcontractor, error) {
	return r.One(ctx, `
		INSERT INTO subcontractors (id, legal_name, tax_id, phone, rate_per_route_cents)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT ON CONSTRAINT subcontractors_tax_id_key DO UPDATE
		   SET legal_name = EXCLUDED.legal_name,
		       phone = EXCLUDED.phone,
		       rate_per_route_cents = EXCLUDED.rate_per_route_cents,
		       updated_at = now()
		RETURNING `+subCols,
		s.ID, s.LegalName, s.TaxID, s.Phone, s.RatePerRouteCents)
}

// Get loads a subcontractor.
func (r *Subcontractors) Get(ctx context.Context, id uuid.UUID) (domain.Subcontractor, error) {
	s, err := r.One(ctx, `SELECT `+subCols+` FROM subcontractors WHERE id = $1`, id)
	return s, notFound(err)
}

// All lists every subcontractor.
func (r *Subcontractors) All(ctx context.Context) ([]domain.Subcontractor, error) {
	return r.Many(ctx, `SELECT `+subCols+` FROM subcontractors ORDER BY legal_name`)
}

// SetBankRecipient stores the payout partner's recipient ID.
func (r *Subcontractors) SetBankRecipient(ctx context.Context, id uuid.UUID, recipientID string) error {
	_, err := r.Exec(ctx, `
		UPDATE subcontractors SET bank_recipient_id = $2, updated_at = now()
		WHERE id = $1`, id, recipientID)
	return err
}

// Truck loads a truck by fleet number.
func (r *Subcontractors) Truck(ctx context.Context, id string) (domain.Truck, error) {
	t, err := r.trucks.One(ctx, `
		SELECT id, subcontractor_id, yard_id, plate
		FROM trucks WHERE id = $1`, id)
	return t, notFound(err)
}

// TouchTruck records the latest time a truck reported in. Late or
// out-of-order reports never move the timestamp backwards.
func (r *Subcontractors) TouchTruck(ctx context.Context, id string, at time.Time) error {
	_, err := r.trucks.Exec(ctx, `
		UPDATE trucks SET last_seen_at = GREATEST(COALESCE(last_seen_at, $2), $2)
		WHERE id = $1`, id, at)
	return err
}
