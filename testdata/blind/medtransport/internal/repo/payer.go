package repo

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
)

type PreAuthRepo struct{ db *bun.DB }

func NewPreAuthRepo(db *bun.DB) *PreAuthRepo { return &PreAuthRepo{db: db} }

// SaveRequest records the partner reference for a ride's pre-authorisation.
func (r *PreAuthRepo) SaveRequest(ctx context.Context, req *models.PreAuthRequest) error {
	_, err := database.Conn(ctx, r.db).NewInsert().
		Model(req).
		On("CONFLICT (ride_id) DO UPDATE").
		Set("partner_ref = EXCLUDED.partner_ref").
		Set("status = EXCLUDED.status").
		Set("requested_at = EXCLUDED.requested_at").
		Exec(ctx)
	return err
}

// InsertDecision stores the insurer's decision for a ride.
func (r *PreAuthRepo) InsertDecision(ctx context.Context, d *models.PreAuthDecision) error {
	_, err := database.Conn(ctx, r.db).NewInsert().Model(d).Exec(ctx)
	return mapInsertErr(err, "preauth decision")
}

func (r *PreAuthRepo) SetRequestStatus(ctx context.Context, rideID uuid.UUID, status string) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.PreAuthRequest)(nil)).
		Set("status = ?", status).
		Where("ride_id = ?", rideID).
		Exec(ctx)
	return err
}

type CopayRepo struct{ db *bun.DB }

func NewCopayRepo(db *bun.DB) *CopayRepo { return &CopayRepo{db: db} }

// Open creates the trip's co-pay row, or returns the existing one.
func (r *CopayRepo) Open(ctx context.Context, c *models.Copay) (*models.Copay, error) {
	out := new(models.Copay)
	err := database.Conn(ctx, r.db).NewInsert().
		Model(c).
		On("CONFLICT (trip_id) DO UPDATE").
		Set("updated_at = now()").
		Returning("*").
		Scan(ctx, out)
	return out, err
}

func (r *CopayRepo) Get(ctx context.Context, id uuid.UUID) (*models.Copay, error) {
	c := new(models.Copay)
	if err := database.Conn(ctx, r.db).NewSelect().Model(c).Where("cp.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "copay")
	}
	return c, nil
}

func (r *CopayRepo) GetByIntent(ctx context.Context, paymentIntentID string) (*models.Copay, error) {
	c := new(models.Copay)
	err := database.Conn(ctx, r.db).NewSelect().Model(c).
		Where("cp.stripe_payment_intent_id = ?", paymentIntentID).
		Scan(ctx)
	if err != nil {
		return nil, notFound(err, "copay")
	}
	return c, nil
}

func (r *CopayRepo) SetIntent(ctx context.Context, id uuid.UUID, intentID, status string) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Copay)(nil)).
		Set("stripe_payment_intent_id = ?", intentID).
		Set("status = ?", status).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *CopayRepo) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Copay)(nil)).
		Set("status = ?", status).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

// BeginRefund moves a paid co-pay into refund_status=pending. Only the
// first caller sees true.
func (r *CopayRepo) BeginRefund(ctx context.Context, id uuid.UUID, cents int64) (bool, error) {
	return affected(database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Copay)(nil)).
		Set("refund_status = ?", models.RefundPending).
		Set("refund_cents = ?", cents).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", models.CopayPaid).
		Where("refund_status = ?", models.RefundNone).
		Exec(ctx))
}

func (r *CopayRepo) CompleteRefund(ctx context.Context, id uuid.UUID, refundID string) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Copay)(nil)).
		Set("refund_status = ?", models.RefundComplete).
		Set("stripe_refund_id = ?", refundID).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}
