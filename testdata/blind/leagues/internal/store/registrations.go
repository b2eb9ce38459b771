package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// RegistrationRepo persists registrations.
type RegistrationRepo interface {
	WithTx(tx *gorm.DB) RegistrationRepo
	Create(ctx context.Context, r *Registration) error
	CreateIfAbsent(ctx context.Context, r *Registration) (bool, error)
	Get(ctx context.Context, id string) (*Registration, error)
	GetForUpdate(ctx context.Context, id string) (*Registration, error)
	GetBySeasonChild(ctx context.Context, seasonID, childID string) (*Registration, error)
	ListActiveForHousehold(ctx context.Context, householdID, seasonID string) ([]Registration, error)
	ListActiveBySeason(ctx context.Context, seasonID string) ([]Registration, error)
	ListWithBalanceDue(ctx context.Context, dueBefore time.Time) ([]Registration, error)
	ListUnassignedConfirmed(ctx context.Context, divisionID string) ([]Registration, error)
	TransitionStatus(ctx context.Context, id string, from []string, to string) (bool, error)
	UpdateDivision(ctx context.Context, id, divisionID string) error
	SetPricing(ctx context.Context, id string, discount, scholarship int64) error
	ApplyPayment(ctx context.Context, id string, amount int64) error
}

type registrationRepo struct{ db *gorm.DB }

// NewRegistrationRepo returns the gorm implementation.
func NewRegistrationRepo(db *gorm.DB) RegistrationRepo { return &registrationRepo{db: db} }

func (r *registrationRepo) WithTx(tx *gorm.DB) RegistrationRepo { return &registrationRepo{db: tx} }

func (r *registrationRepo) Create(ctx context.Context, reg *Registration) error {
	return mapErr(r.db.WithContext(ctx).Create(reg).Error)
}

// CreateIfAbsent inserts unless the child already holds a registration for
// the season, reporting whether the row was inserted.
func (r *registrationRepo) CreateIfAbsent(ctx context.Context, reg *Registration) (bool, error) {
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "season_id"}, {Name: "child_id"}},
		DoNothing: true,
	}).Create(reg)
	if res.Error != nil {
		return false, mapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *registrationRepo) Get(ctx context.Context, id string) (*Registration, error) {
	return first[Registration](ctx, r.db, "id = ?", id)
}

func (r *registrationRepo) GetForUpdate(ctx context.Context, id string) (*Registration, error) {
	var reg Registration
	err := r.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&reg).Error
	if err != nil {
		return nil, mapErr(err)
	}
	return &reg, nil
}

func (r *registrationRepo) GetBySeasonChild(ctx context.Context, seasonID, childID string) (*Registration, error) {
	return first[Registration](ctx, r.db, "season_id = ? AND child_id = ?", seasonID, childID)
}

var activeStatuses = []string{RegPendingPayment, RegConfirmed}

func (r *registrationRepo) ListActiveForHousehold(ctx context.Context, householdID, seasonID string) ([]Registration, error) {
	var out []Registration
	err := r.db.WithContext(ctx).
		Where("household_id = ? AND season_id = ? AND status IN ?", householdID, seasonID, activeStatuses).
		Order("created_at, id").Find(&out).Error
	return out, mapErr(err)
}

func (r *registrationRepo) ListActiveBySeason(ctx context.Context, seasonID string) ([]Registration, error) {
	var out []Registration
	err := r.db.WithContext(ctx).
		Where("season_id = ? AND status IN ?", seasonID, activeStatuses).
		Order("created_at").Find(&out).Error
	return out, mapErr(err)
}

func (r *registrationRepo) ListWithBalanceDue(ctx context.Context, dueBefore time.Time) ([]Registration, error) {
	var out []Registration
	err := r.db.WithContext(ctx).
		Where("status IN ? AND balance_cents > 0 AND payment_due_at IS NOT NULL AND payment_due_at < ?",
			activeStatuses, dueBefore).
		Order("payment_due_at").Limit(5000).Find(&out).Error
	return out, mapErr(err)
}

func (r *registrationRepo) ListUnassignedConfirmed(ctx context.Context, divisionID string) ([]Registration, error) {
	var out []Registration
	err := r.db.WithContext(ctx).
		Joins("JOIN children c ON c.id = registrations.child_id").
		Where("registrations.division_id = ? AND registrations.status = ?", divisionID, RegConfirmed).
		Where("NOT EXISTS (SELECT 1 FROM team_assignments ta WHERE ta.registration_id = registrations.id)").
		Order("c.birth_date, registrations.id").
		Find(&out).Error
	return out, mapErr(err)
}

// TransitionStatus moves the registration to `to` if it is currently in one
// of `from`, reporting whether a row changed.
func (r *registrationRepo) TransitionStatus(ctx context.Context, id string, from []string, to string) (bool, error) {
	updates := map[string]any{"status": to, "updated_at": gorm.Expr("now()")}
	switch to {
	case RegConfirmed:
		updates["confirmed_at"] = gorm.Expr("COALESCE(confirmed_at, now())")
	case RegCancelled, RegReleased:
		updates["cancelled_at"] = gorm.Expr("COALESCE(cancelled_at, now())")
	}
	res := r.db.WithContext(ctx).Model(&Registration{}).
		Where("id = ? AND status IN ?", id, from).Updates(updates)
	if res.Error != nil {
		return false, mapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *registrationRepo) UpdateDivision(ctx context.Context, id, divisionID string) error {
	return mapErr(r.db.WithContext(ctx).Model(&Registration{}).Where("id = ?", id).
		Updates(map[string]any{"division_id": divisionID, "updated_at": gorm.Expr("now()")}).Error)
}

// SetPricing stores absolute discount and scholarship amounts and recomputes
// the balance from them.
func (r *registrationRepo) SetPricing(ctx context.Context, id string, discount, scholarship int64) error {
	return mapErr(r.db.WithContext(ctx).Model(&Registration{}).Where("id = ?", id).
		Updates(map[string]any{
			"discount_cents":    discount,
			"scholarship_cents": scholarship,
			"balance_cents":     gorm.Expr("GREATEST(fee_cents - ? - ? - paid_cents, 0)", discount, scholarship),
			"updated_at":        gorm.Expr("now()"),
		}).Error)
}

// ApplyPayment adds amount (negative for refunds) to paid_cents and reduces
// the balance accordingly.
func (r *registrationRepo) ApplyPayment(ctx context.Context, id string, amount int64) error {
	return mapErr(r.db.WithContext(ctx).Model(&Registration{}).Where("id = ?", id).
		Updates(map[string]any{
			"paid_cents":    gorm.Expr("paid_cents + ?", amount),
			"balance_cents": gorm.Expr("GREATEST(fee_cents - discount_cents - scholarship_cents - (paid_cents + ?), 0)", amount),
			"updated_at":    gorm.Expr("now()"),
		}).Error)
}

// IdempotencyRepo stores request idempotency records.
type IdempotencyRepo interface {
	WithTx(tx *gorm.DB) IdempotencyRepo
	Get(ctx context.Context, scope, key string) (*IdempotencyRecord, error)
	Put(ctx context.Context, rec *IdempotencyRecord) error
}

type idempotencyRepo struct{ db *gorm.DB }

// NewIdempotencyRepo returns the gorm implementation.
func NewIdempotencyRepo(db *gorm.DB) IdempotencyRepo { return &idempotencyRepo{db: db} }

func (r *idempotencyRepo) WithTx(tx *gorm.DB) IdempotencyRepo { return &idempotencyRepo{db: tx} }

func (r *idempotencyRepo) Get(ctx context.Context, scope, key string) (*IdempotencyRecord, error) {
	return first[IdempotencyRecord](ctx, r.db, "scope = ? AND key = ?", scope, key)
}

func (r *idempotencyRepo) Put(ctx context.Context, rec *IdempotencyRecord) error {
	return mapErr(r.db.WithContext(ctx).Create(rec).Error)
}
