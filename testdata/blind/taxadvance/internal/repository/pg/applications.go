package pg

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/platform/db"
)

type ApplicationRepo struct{ db *gorm.DB }

func (r *ApplicationRepo) Create(ctx context.Context, a *domain.Application) error {
	err := db.Conn(ctx, r.db).Create(a).Error
	if db.IsUniqueViolation(err) {
		return domain.ErrActiveApplication
	}
	return err
}

func (r *ApplicationRepo) Get(ctx context.Context, id uuid.UUID) (domain.Application, error) {
	var a domain.Application
	err := db.Conn(ctx, r.db).First(&a, "id = ?", id).Error
	return a, db.NotFound(err, domain.ErrNotFound)
}

func (r *ApplicationRepo) GetForPartner(ctx context.Context, partnerID, id uuid.UUID) (domain.Application, error) {
	var a domain.Application
	err := db.Conn(ctx, r.db).Where("id = ? AND partner_id = ?", id, partnerID).First(&a).Error
	return a, db.NotFound(err, domain.ErrNotFound)
}

func (r *ApplicationRepo) ByReturnRef(ctx context.Context, partnerID uuid.UUID, returnRef string) (domain.Application, error) {
	var a domain.Application
	err := db.Conn(ctx, r.db).
		Where("partner_id = ? AND partner_return_ref = ?", partnerID, returnRef).
		Order("created_at DESC").
		First(&a).Error
	return a, db.NotFound(err, domain.ErrNotFound)
}

func (r *ApplicationRepo) ByRTAccount(ctx context.Context, rtAccountRef string) (domain.Application, error) {
	var a domain.Application
	err := db.Conn(ctx, r.db).
		Where("rt_account_ref = ? AND status NOT IN ?", rtAccountRef,
			[]domain.ApplicationStatus{domain.StatusDeclined, domain.StatusWithdrawn}).
		First(&a).Error
	return a, db.NotFound(err, domain.ErrUnknownRTAccount)
}

func (r *ApplicationRepo) Transition(ctx context.Context, id uuid.UUID, from []domain.ApplicationStatus, to domain.ApplicationStatus) (bool, error) {
	res := db.Conn(ctx, r.db).Model(&domain.Application{}).
		Where("id = ? AND status IN ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

func (r *ApplicationRepo) Withdraw(ctx context.Context, id uuid.UUID, reason string) (bool, error) {
	res := db.Conn(ctx, r.db).Model(&domain.Application{}).
		Where("id = ? AND status IN ?", id, []domain.ApplicationStatus{domain.StatusSubmitted, domain.StatusUnderwriting}).
		Updates(map[string]any{
			"status":          domain.StatusWithdrawn,
			"withdraw_reason": reason,
			"updated_at":      time.Now().UTC(),
		})
	return res.RowsAffected == 1, res.Error
}

func (r *ApplicationRepo) ApplyDecision(ctx context.Context, id uuid.UUID, d domain.UnderwritingDecision) (bool, error) {
	status := domain.StatusDeclined
	outstanding := int64(0)
	if d.Outcome == domain.OutcomeApproved {
		status = domain.StatusApproved
		outstanding = d.ApprovedAmountCents + d.FeeCents
	}
	res := db.Conn(ctx, r.db).Model(&domain.Application{}).
		Where("id = ? AND status = ?", id, domain.StatusUnderwriting).
		Updates(map[string]any{
			"status":                status,
			"approved_amount_cents": d.ApprovedAmountCents,
			"fee_cents":             d.FeeCents,
			"outstanding_cents":     outstanding,
			"decided_at":            d.DecidedAt,
			"updated_at":            time.Now().UTC(),
		})
	return res.RowsAffected == 1, res.Error
}

func (r *ApplicationRepo) MarkFunded(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	res := db.Conn(ctx, r.db).Model(&domain.Application{}).
		Where("id = ? AND status = ?", id, domain.StatusDisbursing).
		Updates(map[string]any{"status": domain.StatusFunded, "funded_at": at, "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

func (r *ApplicationRepo) SetIRSStatus(ctx context.Context, id uuid.UUID, status string) error {
	return db.Conn(ctx, r.db).Model(&domain.Application{}).
		Where("id = ?", id).
		Updates(map[string]any{"irs_status": status, "updated_at": time.Now().UTC()}).Error
}

func (r *ApplicationRepo) SetDestination(ctx context.Context, id uuid.UUID, token string) error {
	return db.Conn(ctx, r.db).Model(&domain.Application{}).
		Where("id = ?", id).
		Updates(map[string]any{"destination_account_token": token, "updated_at": time.Now().UTC()}).Error
}

func (r *ApplicationRepo) AddRefundReceived(ctx context.Context, id uuid.UUID, deltaCents int64) error {
	return db.Conn(ctx, r.db).Model(&domain.Application{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"refund_received_cents": gorm.Expr("refund_received_cents + ?", deltaCents),
			"updated_at":            time.Now().UTC(),
		}).Error
}

// ApplyRepayment reduces the outstanding balance and closes the advance when
// it reaches zero.
func (r *ApplicationRepo) ApplyRepayment(ctx context.Context, id uuid.UUID, amountCents int64, at time.Time) error {
	return db.Conn(ctx, r.db).Exec(`
UPDATE advance_applications
   SET outstanding_cents = outstanding_cents - ?,
       status   = CASE WHEN outstanding_cents - ? <= 0 THEN 'repaid' ELSE status END,
       repaid_at = CASE WHEN outstanding_cents - ? <= 0 THEN ?::timestamptz ELSE repaid_at END,
       updated_at = now()
 WHERE id = ?`, amountCents, amountCents, amountCents, at, id).Error
}

func (r *ApplicationRepo) StaleSubmitted(ctx context.Context, olderThan time.Time, limit int) ([]uuid.UUID, error) {
	var ids []uuid.UUID
	err := db.Conn(ctx, r.db).Model(&domain.Application{}).
		Where("status = ? AND created_at < ?", domain.StatusSubmitted, olderThan).
		Order("created_at").
		Limit(limit).
		Pluck("id", &ids).Error
	return ids, err
}
