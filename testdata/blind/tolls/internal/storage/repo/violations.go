package repo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/domain"
)

// ViolationRepository persists violations and disputes.
type ViolationRepository interface {
	Create(ctx context.Context, v *domain.Violation) error
	Get(ctx context.Context, id string) (*domain.Violation, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Violation, error)
	UpdateFields(ctx context.Context, id string, fields map[string]any) error
	// Transition sets status to `to` only when the current status is one of
	// `from`, reporting whether a row changed.
	Transition(ctx context.Context, id, to string, from ...string) (bool, error)
	RecordNotice(ctx context.Context, id, reference string, at time.Time) error
	AddDispute(ctx context.Context, d *domain.Dispute) error
}

type violationRepo struct{ table[domain.Violation] }

// NewViolations returns the gorm ViolationRepository.
func NewViolations(db *gorm.DB) ViolationRepository {
	return &violationRepo{table[domain.Violation]{db: db}}
}

func (r *violationRepo) Create(ctx context.Context, v *domain.Violation) error {
	return r.create(ctx, v)
}

func (r *violationRepo) Get(ctx context.Context, id string) (*domain.Violation, error) {
	return r.get(ctx, "id = ?", id)
}

func (r *violationRepo) GetForUpdate(ctx context.Context, id string) (*domain.Violation, error) {
	return r.getForUpdate(ctx, "id = ?", id)
}

func (r *violationRepo) UpdateFields(ctx context.Context, id string, fields map[string]any) error {
	fields["updated_at"] = time.Now().UTC()
	return r.conn(ctx).Model(&domain.Violation{}).Where("id = ?", id).Updates(fields).Error
}

func (r *violationRepo) Transition(ctx context.Context, id, to string, from ...string) (bool, error) {
	res := r.conn(ctx).Model(&domain.Violation{}).
		Where("id = ? AND status IN ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

func (r *violationRepo) RecordNotice(ctx context.Context, id, reference string, at time.Time) error {
	return r.conn(ctx).Model(&domain.Violation{}).Where("id = ?", id).Updates(map[string]any{
		"notice_ref":      reference,
		"notice_count":    gorm.Expr("notice_count + 1"),
		"last_noticed_at": at,
		"status":          gorm.Expr("CASE WHEN status = ? THEN ? ELSE status END", domain.ViolationOpen, domain.ViolationNoticed),
		"updated_at":      time.Now().UTC(),
	}).Error
}

func (r *violationRepo) AddDispute(ctx context.Context, d *domain.Dispute) error {
	return r.conn(ctx).Create(d).Error
}
