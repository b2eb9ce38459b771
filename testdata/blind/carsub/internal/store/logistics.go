package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/drivewise/carsub/internal/domain"
)

type DeliveryRepo struct {
	db *gorm.DB
}

func NewDeliveryRepo(db *gorm.DB) *DeliveryRepo {
	return &DeliveryRepo{db: db}
}

func (r *DeliveryRepo) Create(ctx context.Context, d *domain.Delivery) error {
	return conn(ctx, r.db).Create(d).Error
}

// InsertIfAbsent keys the delivery on (subscription_id, request_key) and
// returns the stored row, which is d on first insert.
func (r *DeliveryRepo) InsertIfAbsent(ctx context.Context, d *domain.Delivery) (*domain.Delivery, error) {
	db := conn(ctx, r.db)
	res := db.Clauses(clause.OnConflict{
		Columns:     []clause.Column{{Name: "subscription_id"}, {Name: "request_key"}},
		TargetWhere: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "request_key IS NOT NULL"}}},
		DoNothing:   true,
	}).Create(d)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 1 {
		return d, nil
	}
	var existing domain.Delivery
	err := db.Where("subscription_id = ? AND request_key = ?", d.SubscriptionID, d.RequestKey).First(&existing).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &existing, nil
}

func (r *DeliveryRepo) MarkBooked(ctx context.Context, id uuid.UUID, bookingRef string, eta *time.Time) error {
	return conn(ctx, r.db).Model(&domain.Delivery{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"status":              domain.DeliveryBooked,
			"partner_booking_ref": bookingRef,
			"partner_eta":         eta,
			"updated_at":          gorm.Expr("now()"),
		}).Error
}
