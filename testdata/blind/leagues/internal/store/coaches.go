package store

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// CoachRepo persists coaches.
type CoachRepo interface {
	WithTx(tx *gorm.DB) CoachRepo
	Create(ctx context.Context, c *Coach) error
	Get(ctx context.Context, id string) (*Coach, error)
	SetClearedThrough(ctx context.Context, id string, through time.Time) error
}

type coachRepo struct{ db *gorm.DB }

// NewCoachRepo returns the gorm implementation.
func NewCoachRepo(db *gorm.DB) CoachRepo { return &coachRepo{db: db} }

func (r *coachRepo) WithTx(tx *gorm.DB) CoachRepo { return &coachRepo{db: tx} }

func (r *coachRepo) Create(ctx context.Context, c *Coach) error {
	return mapErr(r.db.WithContext(ctx).Create(c).Error)
}

func (r *coachRepo) Get(ctx context.Context, id string) (*Coach, error) {
	return first[Coach](ctx, r.db, "id = ?", id)
}

// SetClearedThrough extends the clearance date; it never shortens it.
func (r *coachRepo) SetClearedThrough(ctx context.Context, id string, through time.Time) error {
	return mapErr(r.db.WithContext(ctx).Model(&Coach{}).
		Where("id = ? AND (cleared_through IS NULL OR cleared_through < ?)", id, through).
		Updates(map[string]any{"cleared_through": through, "updated_at": gorm.Expr("now()")}).Error)
}

// CheckRepo persists background checks.
type CheckRepo interface {
	WithTx(tx *gorm.DB) CheckRepo
	Create(ctx context.Context, c *BackgroundCheck) error
	CreateInitialIfAbsent(ctx context.Context, c *BackgroundCheck) (bool, error)
	Get(ctx context.Context, id string) (*BackgroundCheck, error)
	GetInitial(ctx context.Context, coachID, seasonID string) (*BackgroundCheck, error)
	GetByVendorOrder(ctx context.Context, orderID string) (*BackgroundCheck, error)
	MarkSubmitted(ctx context.Context, id, orderID, inviteURL string, at time.Time) error
	Complete(ctx context.Context, id, result string, completedAt time.Time, expiresAt *time.Time) error
	SetStatus(ctx context.Context, id, status string) error
}

type checkRepo struct{ db *gorm.DB }

// NewCheckRepo returns the gorm implementation.
func NewCheckRepo(db *gorm.DB) CheckRepo { return &checkRepo{db: db} }

func (r *checkRepo) WithTx(tx *gorm.DB) CheckRepo { return &checkRepo{db: tx} }

func (r *checkRepo) Create(ctx context.Context, c *BackgroundCheck) error {
	return mapErr(r.db.WithContext(ctx).Create(c).Error)
}

// CreateInitialIfAbsent inserts the season's initial check unless one exists.
// The conflict target must repeat the partial index predicate.
func (r *checkRepo) CreateInitialIfAbsent(ctx context.Context, c *BackgroundCheck) (bool, error) {
	res := r.db.WithContext(ctx).Exec(`
		INSERT INTO background_checks (id, coach_id, season_id, kind, status, requested_at)
		VALUES (?, ?, ?, 'initial', ?, ?)
		ON CONFLICT (coach_id, season_id) WHERE kind = 'initial' DO NOTHING`,
		c.ID, c.CoachID, c.SeasonID, c.Status, c.RequestedAt)
	if res.Error != nil {
		return false, mapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *checkRepo) Get(ctx context.Context, id string) (*BackgroundCheck, error) {
	return first[BackgroundCheck](ctx, r.db, "id = ?", id)
}

func (r *checkRepo) GetInitial(ctx context.Context, coachID, seasonID string) (*BackgroundCheck, error) {
	return first[BackgroundCheck](ctx, r.db, "coach_id = ? AND season_id = ? AND kind = 'initial'", coachID, seasonID)
}

func (r *checkRepo) GetByVendorOrder(ctx context.Context, orderID string) (*BackgroundCheck, error) {
	return first[BackgroundCheck](ctx, r.db, "vendor_order_id = ?", orderID)
}

func (r *checkRepo) MarkSubmitted(ctx context.Context, id, orderID, inviteURL string, at time.Time) error {
	return mapErr(r.db.WithContext(ctx).Model(&BackgroundCheck{}).Where("id = ?", id).
		Updates(map[string]any{
			"status":          CheckSubmitted,
			"vendor_order_id": orderID,
			"invite_url":      inviteURL,
			"submitted_at":    at,
		}).Error)
}

func (r *checkRepo) Complete(ctx context.Context, id, result string, completedAt time.Time, expiresAt *time.Time) error {
	return mapErr(r.db.WithContext(ctx).Model(&BackgroundCheck{}).Where("id = ?", id).
		Updates(map[string]any{
			"status":       CheckCompleted,
			"result":       result,
			"completed_at": completedAt,
			"expires_at":   expiresAt,
		}).Error)
}

func (r *checkRepo) SetStatus(ctx context.Context, id, status string) error {
	return mapErr(r.db.WithContext(ctx).Model(&BackgroundCheck{}).Where("id = ?", id).
		Update("status", status).Error)
}

// VendorAttemptRepo appends to the vendor call log.
type VendorAttemptRepo interface {
	Append(ctx context.Context, a *VendorCallAttempt) error
}

type vendorAttemptRepo struct{ db *gorm.DB }

// NewVendorAttemptRepo returns the gorm implementation.
func NewVendorAttemptRepo(db *gorm.DB) VendorAttemptRepo { return &vendorAttemptRepo{db: db} }

func (r *vendorAttemptRepo) Append(ctx context.Context, a *VendorCallAttempt) error {
	return mapErr(r.db.WithContext(ctx).Create(a).Error)
}
