package store

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// HouseholdRepo persists households.
type HouseholdRepo interface {
	WithTx(tx *gorm.DB) HouseholdRepo
	CreateIfAbsent(ctx context.Context, h *Household) (bool, error)
	Get(ctx context.Context, id string) (*Household, error)
	GetByEmail(ctx context.Context, email string) (*Household, error)
	UpdateContact(ctx context.Context, id, name, phone string) error
}

type householdRepo struct{ db *gorm.DB }

// NewHouseholdRepo returns the gorm implementation.
func NewHouseholdRepo(db *gorm.DB) HouseholdRepo { return &householdRepo{db: db} }

func (r *householdRepo) WithTx(tx *gorm.DB) HouseholdRepo { return &householdRepo{db: tx} }

// CreateIfAbsent inserts the household unless one with the same email
// exists. It reports whether a row was inserted.
func (r *householdRepo) CreateIfAbsent(ctx context.Context, h *Household) (bool, error) {
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "email"}}, DoNothing: true}).
		Create(h)
	if res.Error != nil {
		return false, mapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *householdRepo) Get(ctx context.Context, id string) (*Household, error) {
	return first[Household](ctx, r.db, "id = ?", id)
}

func (r *householdRepo) GetByEmail(ctx context.Context, email string) (*Household, error) {
	return first[Household](ctx, r.db, "email = ?", email)
}

func (r *householdRepo) UpdateContact(ctx context.Context, id, name, phone string) error {
	return mapErr(r.db.WithContext(ctx).Model(&Household{}).Where("id = ?", id).
		Updates(map[string]any{"guardian_name": name, "phone": phone}).Error)
}

// ChildRepo persists children.
type ChildRepo interface {
	WithTx(tx *gorm.DB) ChildRepo
	Create(ctx context.Context, c *Child) error
	Get(ctx context.Context, id string) (*Child, error)
	ListByHousehold(ctx context.Context, householdID string) ([]Child, error)
}

type childRepo struct{ db *gorm.DB }

// NewChildRepo returns the gorm implementation.
func NewChildRepo(db *gorm.DB) ChildRepo { return &childRepo{db: db} }

func (r *childRepo) WithTx(tx *gorm.DB) ChildRepo { return &childRepo{db: tx} }

func (r *childRepo) Create(ctx context.Context, c *Child) error {
	return mapErr(r.db.WithContext(ctx).Create(c).Error)
}

func (r *childRepo) Get(ctx context.Context, id string) (*Child, error) {
	return first[Child](ctx, r.db, "id = ?", id)
}

func (r *childRepo) ListByHousehold(ctx context.Context, householdID string) ([]Child, error) {
	var out []Child
	err := r.db.WithContext(ctx).Where("household_id = ?", householdID).Order("birth_date").Find(&out).Error
	return out, mapErr(err)
}

// SeasonRepo reads seasons and divisions and maintains division counters.
type SeasonRepo interface {
	WithTx(tx *gorm.DB) SeasonRepo
	Get(ctx context.Context, id string) (*Season, error)
	GetDivision(ctx context.Context, id string) (*Division, error)
	GetDivisionForUpdate(ctx context.Context, id string) (*Division, error)
	IncrementFilled(ctx context.Context, divisionID string, delta int) error
	MarkRosterPublished(ctx context.Context, divisionID string) error
}

type seasonRepo struct{ db *gorm.DB }

// NewSeasonRepo returns the gorm implementation.
func NewSeasonRepo(db *gorm.DB) SeasonRepo { return &seasonRepo{db: db} }

func (r *seasonRepo) WithTx(tx *gorm.DB) SeasonRepo { return &seasonRepo{db: tx} }

func (r *seasonRepo) Get(ctx context.Context, id string) (*Season, error) {
	return first[Season](ctx, r.db, "id = ?", id)
}

func (r *seasonRepo) GetDivision(ctx context.Context, id string) (*Division, error) {
	return first[Division](ctx, r.db, "id = ?", id)
}

func (r *seasonRepo) GetDivisionForUpdate(ctx context.Context, id string) (*Division, error) {
	var d Division
	err := r.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("id = ?", id).Take(&d).Error
	if err != nil {
		return nil, mapErr(err)
	}
	return &d, nil
}

// IncrementFilled adjusts the denormalised seat counter. Negative deltas
// never take the counter below zero.
func (r *seasonRepo) IncrementFilled(ctx context.Context, divisionID string, delta int) error {
	return mapErr(r.db.WithContext(ctx).Model(&Division{}).Where("id = ?", divisionID).
		Update("filled", gorm.Expr("GREATEST(filled + ?, 0)", delta)).Error)
}

func (r *seasonRepo) MarkRosterPublished(ctx context.Context, divisionID string) error {
	return mapErr(r.db.WithContext(ctx).Model(&Division{}).
		Where("id = ? AND roster_published_at IS NULL", divisionID).
		Update("roster_published_at", gorm.Expr("now()")).Error)
}
