package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/baywarden/storagedesk/internal/domain"
)

const policyCols = `id, rental_id, plan_code, coverage_cents, premium_cents, insurer_policy_id,
	enroll_key, status, created_at, cancelled_at`

// InsuranceStore covers tenant protection policies bought from the insurer.
type InsuranceStore struct {
	db *DB
}

func NewInsuranceStore(db *DB) *InsuranceStore { return &InsuranceStore{db: db} }

// InsertPolicy stores a policy row.
func (s *InsuranceStore) InsertPolicy(ctx context.Context, p domain.Policy) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO insurance_policies (id, rental_id, plan_code, coverage_cents, premium_cents,
		                                insurer_policy_id, enroll_key, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		p.ID, p.RentalID, p.PlanCode, p.CoverageCents, p.PremiumCents, p.InsurerPolicyID, p.EnrollKey, p.Status)
	return err
}

// ClaimEnrollment creates a pending policy for the enroll key, or returns the
// one already there.
func (s *InsuranceStore) ClaimEnrollment(ctx context.Context, p domain.Policy) (*domain.Policy, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `
		INSERT INTO insurance_policies (id, rental_id, plan_code, coverage_cents, premium_cents, enroll_key, status)
		VALUES ($1, $2, $3, $4, $5, $6, 'pending')
		ON CONFLICT (enroll_key) DO UPDATE SET enroll_key = EXCLUDED.enroll_key
		RETURNING `+policyCols,
		p.ID, p.RentalID, p.PlanCode, p.CoverageCents, p.PremiumCents, p.EnrollKey)
	if err != nil {
		return nil, err
	}
	return pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Policy])
}

func (s *InsuranceStore) ActivatePolicy(ctx context.Context, id, insurerPolicyID string) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		UPDATE insurance_policies SET insurer_policy_id = $2, status = 'active'
		 WHERE id = $1 AND status = 'pending'`, id, insurerPolicyID)
	return err
}

func (s *InsuranceStore) ActivePolicy(ctx context.Context, rentalID string) (*domain.Policy, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `
		SELECT `+policyCols+` FROM insurance_policies
		 WHERE rental_id = $1 AND status IN ('pending','active')
		 ORDER BY created_at DESC LIMIT 1`, rentalID)
	if err != nil {
		return nil, err
	}
	p, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Policy])
	return p, notFound(err)
}

func (s *InsuranceStore) PolicyByInsurerID(ctx context.Context, insurerPolicyID string) (*domain.Policy, error) {
	rows, err := s.db.conn(ctx).Query(ctx,
		`SELECT `+policyCols+` FROM insurance_policies WHERE insurer_policy_id = $1`, insurerPolicyID)
	if err != nil {
		return nil, err
	}
	p, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Policy])
	return p, notFound(err)
}

// SetPolicyStatus updates the status and reports the status it replaced.
func (s *InsuranceStore) SetPolicyStatus(ctx context.Context, id, status string) (string, error) {
	var prev string
	err := s.db.conn(ctx).QueryRow(ctx, `
		WITH old AS (SELECT status FROM insurance_policies WHERE id = $1 FOR UPDATE)
		UPDATE insurance_policies p
		   SET status = $2,
		       cancelled_at = CASE WHEN $2 = 'cancelled' THEN coalesce(p.cancelled_at, now()) ELSE p.cancelled_at END
		  FROM old WHERE p.id = $1
		RETURNING old.status`, id, status).Scan(&prev)
	return prev, notFound(err)
}
