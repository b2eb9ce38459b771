package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"github.com/haulgrid/loadboard/internal/domain"
)

// AssignmentRepo persists load assignments (carrier, driver and truck).
type AssignmentRepo struct {
	db *gorm.DB
}

func NewAssignmentRepo(db *gorm.DB) *AssignmentRepo { return &AssignmentRepo{db: db} }

// Create stores a new assignment; the ID is assigned on insert.
func (r *AssignmentRepo) Create(ctx context.Context, a *domain.Assignment) error {
	row := assignmentRow{
		LoadID:      a.LoadID,
		TenderID:    a.TenderID,
		CarrierID:   a.CarrierID,
		DriverName:  a.DriverName,
		DriverPhone: a.DriverPhone,
		TruckNumber: a.TruckNumber,
	}
	if err := conn(ctx, r.db).Create(&row).Error; err != nil {
		return fmt.Errorf("insert assignment: %w", err)
	}
	a.ID = row.ID.String()
	a.CreatedAt = row.CreatedAt
	return nil
}

// LatestForLoad returns the most recent assignment on a load.
func (r *AssignmentRepo) LatestForLoad(ctx context.Context, loadID string) (*domain.Assignment, error) {
	var row assignmentRow
	err := conn(ctx, r.db).Where("load_id = ?", loadID).Order("created_at DESC").Take(&row).Error
	if err != nil {
		return nil, notFound(err)
	}
	return row.toDomain(), nil
}

// SetTrackingSubscription stores the ELD subscription on the load's
// assignments.
func (r *AssignmentRepo) SetTrackingSubscription(ctx context.Context, loadID, subscriptionID string) error {
	return conn(ctx, r.db).Model(&assignmentRow{}).
		Where("load_id = ?", loadID).
		Update("tracking_subscription_id", subscriptionID).Error
}
