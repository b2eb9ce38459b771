package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/drivewise/carsub/internal/domain"
)

type SubscriptionRepo struct {
	db *gorm.DB
}

func NewSubscriptionRepo(db *gorm.DB) *SubscriptionRepo {
	return &SubscriptionRepo{db: db}
}

func (r *SubscriptionRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Subscription, error) {
	var s domain.Subscription
	if err := conn(ctx, r.db).First(&s, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *SubscriptionRepo) Create(ctx context.Context, s *domain.Subscription) error {
	return conn(ctx, r.db).Create(s).Error
}

// TransitionStatus moves the subscription to `to` only if it is currently in
// one of `from`. It reports whether a row changed.
func (r *SubscriptionRepo) TransitionStatus(ctx context.Context, id uuid.UUID, from []domain.SubscriptionStatus, to domain.SubscriptionStatus) (bool, error) {
	updates := map[string]any{"status": to, "updated_at": gorm.Expr("now()")}
	if to == domain.SubscriptionCancelled {
		updates["cancelled_at"] = gorm.Expr("now()")
	}
	res := conn(ctx, r.db).Model(&domain.Subscription{}).
		Where("id = ? AND status IN ?", id, from).
		Updates(updates)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r *SubscriptionRepo) SetCancelReason(ctx context.Context, id uuid.UUID, reason string) error {
	return conn(ctx, r.db).Model(&domain.Subscription{}).
		Where("id = ?", id).
		Update("cancel_reason", reason).Error
}

// ExtendPaidThrough pushes paid_through forward by the given number of months.
func (r *SubscriptionRepo) ExtendPaidThrough(ctx context.Context, id uuid.UUID, months int) error {
	return conn(ctx, r.db).Exec(`
		UPDATE subscriptions
		   SET paid_through = (COALESCE(paid_through, start_date - 1) + make_interval(months => ?))::date,
		       updated_at   = now()
		 WHERE id = ?`, months, id).Error
}

// RaiseOdometer only ever moves the odometer forward.
func (r *SubscriptionRepo) RaiseOdometer(ctx context.Context, id uuid.UUID, km int) error {
	return conn(ctx, r.db).Model(&domain.Subscription{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"odometer_km": gorm.Expr("GREATEST(odometer_km, ?)", km),
			"updated_at":  gorm.Expr("now()"),
		}).Error
}

// AssignVehicle sets the vehicle unless a different one is already assigned.
func (r *SubscriptionRepo) AssignVehicle(ctx context.Context, id, vehicleID uuid.UUID) error {
	res := conn(ctx, r.db).Model(&domain.Subscription{}).
		Where("id = ? AND (vehicle_id IS NULL OR vehicle_id = ?)", id, vehicleID).
		Updates(map[string]any{"vehicle_id": vehicleID, "updated_at": gorm.Expr("now()")})
	if res.Error != nil {
		if isUniqueViolation(res.Error) {
			return fmt.Errorf("vehicle %s is on another subscription: %w", vehicleID, domain.ErrConflict)
		}
		return res.Error
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("subscription %s already has a vehicle: %w", id, domain.ErrConflict)
	}
	return nil
}

// LiveByVehicle returns the non-cancelled subscription holding the vehicle.
func (r *SubscriptionRepo) LiveByVehicle(ctx context.Context, vehicleID uuid.UUID) (*domain.Subscription, error) {
	var s domain.Subscription
	err := conn(ctx, r.db).
		Where("vehicle_id = ? AND status <> ?", vehicleID, domain.SubscriptionCancelled).
		First(&s).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

// DueForRenewal lists active or past-due subscriptions whose paid period
// ends before asOf, oldest first.
func (r *SubscriptionRepo) DueForRenewal(ctx context.Context, asOf time.Time, after uuid.UUID, limit int) ([]domain.Subscription, error) {
	var subs []domain.Subscription
	err := conn(ctx, r.db).
		Where("status IN ? AND (paid_through IS NULL OR paid_through < ?) AND id > ?",
			[]domain.SubscriptionStatus{domain.SubscriptionActive, domain.SubscriptionPastDue}, asOf, after).
		Order("id").
		Limit(limit).
		Find(&subs).Error
	return subs, err
}

type CustomerRepo struct {
	db *gorm.DB
}

func NewCustomerRepo(db *gorm.DB) *CustomerRepo {
	return &CustomerRepo{db: db}
}

// UpsertByEmail inserts the customer or refreshes contact details of the
// existing one; c.ID is overwritten with the stored id.
func (r *CustomerRepo) UpsertByEmail(ctx context.Context, c *domain.Customer) error {
	return conn(ctx, r.db).
		Clauses(
			clause.OnConflict{
				Columns:   []clause.Column{{Name: "email"}},
				DoUpdates: clause.AssignmentColumns([]string{"phone", "full_name", "updated_at"}),
			},
			clause.Returning{Columns: []clause.Column{{Name: "id"}, {Name: "created_at"}}},
		).
		Create(c).Error
}

func (r *CustomerRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Customer, error) {
	var c domain.Customer
	if err := conn(ctx, r.db).First(&c, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

type CatalogRepo struct {
	db *gorm.DB
}

func NewCatalogRepo(db *gorm.DB) *CatalogRepo {
	return &CatalogRepo{db: db}
}

func (r *CatalogRepo) Plan(ctx context.Context, code string) (*domain.Plan, error) {
	var p domain.Plan
	if err := conn(ctx, r.db).First(&p, "code = ?", code).Error; err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

func (r *CatalogRepo) Vehicle(ctx context.Context, id uuid.UUID) (*domain.Vehicle, error) {
	var v domain.Vehicle
	if err := conn(ctx, r.db).First(&v, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &v, nil
}
