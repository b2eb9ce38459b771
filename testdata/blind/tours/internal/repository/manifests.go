package repository

import (
	"context"
	"fmt"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// ManifestRepo records manifests and rooming lists sent to suppliers.
type ManifestRepo struct {
	db *db.DB
}

// NewManifestRepo constructs a ManifestRepo.
func NewManifestRepo(d *db.DB) *ManifestRepo { return &ManifestRepo{db: d} }

// NextVersion returns the version number the next submission to a supplier
// should carry.
func (r *ManifestRepo) NextVersion(ctx context.Context, departureID, supplierID string) (int, error) {
	var v int
	err := r.db.Conn(ctx).GetContext(ctx, &v,
		`SELECT COALESCE(max(version), 0) + 1 FROM manifest_submissions WHERE departure_id = $1 AND supplier_id = $2`,
		departureID, supplierID)
	if err != nil {
		return 0, fmt.Errorf("manifest_submissions.next_version: %w", err)
	}
	return v, nil
}

// Insert records a submission.
func (r *ManifestRepo) Insert(ctx context.Context, s *domain.ManifestSubmission) error {
	const q = `INSERT INTO manifest_submissions (id, departure_id, supplier_id, version, supplier_ref, traveller_count, submitted_at)
		VALUES (:id, :departure_id, :supplier_id, :version, :supplier_ref, :traveller_count, :submitted_at)`
	_, err := r.db.Conn(ctx).NamedExecContext(ctx, q, s)
	return conflict("manifest_submissions.insert", err)
}

// ListByDeparture returns the submission history of a departure.
func (r *ManifestRepo) ListByDeparture(ctx context.Context, departureID string) ([]domain.ManifestSubmission, error) {
	var out []domain.ManifestSubmission
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT id, departure_id, supplier_id, version, supplier_ref, traveller_count, submitted_at
		 FROM manifest_submissions WHERE departure_id = $1 ORDER BY supplier_id, version`, departureID)
	if err != nil {
		return nil, fmt.Errorf("manifest_submissions.list: %w", err)
	}
	return out, nil
}
