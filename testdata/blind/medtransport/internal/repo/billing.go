package repo

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
)

type ClaimRepo struct{ db *bun.DB }

func NewClaimRepo(db *bun.DB) *ClaimRepo { return &ClaimRepo{db: db} }

func (r *ClaimRepo) Insert(ctx context.Context, c *models.Claim) error {
	_, err := database.Conn(ctx, r.db).NewInsert().Model(c).Exec(ctx)
	return err
}

func (r *ClaimRepo) GetByNumber(ctx context.Context, number string) (*models.Claim, error) {
	c := new(models.Claim)
	if err := database.Conn(ctx, r.db).NewSelect().Model(c).Where("cl.claim_number = ?", number).Scan(ctx); err != nil {
		return nil, notFound(err, "claim")
	}
	return c, nil
}

// SetAdjudication stores the partner's real-time adjudication result.
func (r *ClaimRepo) SetAdjudication(ctx context.Context, id uuid.UUID, partnerClaimID string, allowed, patientResp int64) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Claim)(nil)).
		Set("partner_claim_id = ?", partnerClaimID).
		Set("allowed_cents = ?", allowed).
		Set("patient_resp_cents = ?", patientResp).
		Set("status = 'adjudicated'").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

// AddPayment records a remittance against a claim.
func (r *ClaimRepo) AddPayment(ctx context.Context, id uuid.UUID, cents int64) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Claim)(nil)).
		Set("paid_cents = paid_cents + ?", cents).
		Set("status = CASE WHEN paid_cents + ? >= COALESCE(allowed_cents, billed_cents) THEN 'paid' ELSE 'partially_paid' END", cents).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

type LedgerRepo struct{ db *bun.DB }

func NewLedgerRepo(db *bun.DB) *LedgerRepo { return &LedgerRepo{db: db} }

func (r *LedgerRepo) Append(ctx context.Context, entries ...*models.LedgerEntry) error {
	if len(entries) == 0 {
		return nil
	}
	_, err := database.Conn(ctx, r.db).NewInsert().Model(&entries).Exec(ctx)
	return err
}

type PayoutRepo struct{ db *bun.DB }

func NewPayoutRepo(db *bun.DB) *PayoutRepo { return &PayoutRepo{db: db} }

// OpenBatch returns the batch for the period, creating it on the first run
// and counting reruns after that.
func (r *PayoutRepo) OpenBatch(ctx context.Context, b *models.PayoutBatch) (*models.PayoutBatch, error) {
	out := new(models.PayoutBatch)
	err := database.Conn(ctx, r.db).NewInsert().
		Model(b).
		On("CONFLICT (period_start) DO UPDATE").
		Set("run_count = pb.run_count + 1").
		Returning("*").
		Scan(ctx, out)
	return out, err
}

func (r *PayoutRepo) Insert(ctx context.Context, p *models.Payout) error {
	_, err := database.Conn(ctx, r.db).NewInsert().Model(p).Exec(ctx)
	return err
}
