package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
)

type ClaimRepository interface {
	WithTx(tx *gorm.DB) ClaimRepository
	Create(ctx context.Context, c *domain.Claim) error
	Get(ctx context.Context, id string) (*domain.Claim, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Claim, error)
	Approve(ctx context.Context, id string, amount int64, adjuster string) error
	SetStatus(ctx context.Context, id string, status domain.ClaimStatus) error
	ListForBooking(ctx context.Context, bookingID uuid.UUID, p Page) (PageResult[domain.Claim], error)

	PayoutByTask(ctx context.Context, taskID string) (*domain.ClaimPayout, error)
	RecordPayout(ctx context.Context, p *domain.ClaimPayout) (bool, error)
}

type claimRepo struct{ db *gorm.DB }

func NewClaimRepository(db *gorm.DB) ClaimRepository { return &claimRepo{db: db} }

func (r *claimRepo) WithTx(tx *gorm.DB) ClaimRepository { return &claimRepo{db: tx} }

func (r *claimRepo) Create(ctx context.Context, c *domain.Claim) error {
	return r.db.WithContext(ctx).Create(c).Error
}

func (r *claimRepo) Get(ctx context.Context, id string) (*domain.Claim, error) {
	return first[domain.Claim](ctx, r.db, "id = ?", id)
}

func (r *claimRepo) GetForUpdate(ctx context.Context, id string) (*domain.Claim, error) {
	return lockFirst[domain.Claim](ctx, r.db, "id = ?", id)
}

func (r *claimRepo) Approve(ctx context.Context, id string, amount int64, adjuster string) error {
	return r.db.WithContext(ctx).Model(&domain.Claim{}).Where("id = ?", id).
		Updates(map[string]any{
			"status":                domain.ClaimApproved,
			"amount_approved_cents": amount,
			"adjuster":              adjuster,
			"updated_at":            time.Now().UTC(),
		}).Error
}

func (r *claimRepo) SetStatus(ctx context.Context, id string, status domain.ClaimStatus) error {
	return r.db.WithContext(ctx).Model(&domain.Claim{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": time.Now().UTC()}).Error
}

func (r *claimRepo) ListForBooking(ctx context.Context, bookingID uuid.UUID, p Page) (PageResult[domain.Claim], error) {
	return Paginate[domain.Claim](ctx, r.db.Where("booking_id = ?", bookingID), p, "created_at DESC")
}

func (r *claimRepo) PayoutByTask(ctx context.Context, taskID string) (*domain.ClaimPayout, error) {
	return first[domain.ClaimPayout](ctx, r.db, "task_id = ?", taskID)
}

func (r *claimRepo) RecordPayout(ctx context.Context, p *domain.ClaimPayout) (bool, error) {
	return insertIgnore(ctx, r.db, p, "task_id")
}
