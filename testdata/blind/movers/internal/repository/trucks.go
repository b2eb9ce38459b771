package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
)

type TruckRepository interface {
	WithTx(tx *gorm.DB) TruckRepository
	CreateReservation(ctx context.Context, r *domain.TruckReservation) error
	ActiveForBooking(ctx context.Context, bookingID uuid.UUID) (*domain.TruckReservation, error)
	ByPartnerID(ctx context.Context, partnerID string) (*domain.TruckReservation, error)
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
	ExtendReturn(ctx context.Context, id uuid.UUID, returnAt time.Time, days int) error
	AddExtension(ctx context.Context, e *domain.TruckExtension) error
	CreateAssignment(ctx context.Context, a *domain.TruckAssignment) error
	AddMileage(ctx context.Context, m *domain.MileageRecord) error
	AddOverageCharge(ctx context.Context, c *domain.OverageCharge) (bool, error)
}

type truckRepo struct{ db *gorm.DB }

func NewTruckRepository(db *gorm.DB) TruckRepository { return &truckRepo{db: db} }

func (r *truckRepo) WithTx(tx *gorm.DB) TruckRepository { return &truckRepo{db: tx} }

func (r *truckRepo) CreateReservation(ctx context.Context, res *domain.TruckReservation) error {
	return r.db.WithContext(ctx).Create(res).Error
}

func (r *truckRepo) ActiveForBooking(ctx context.Context, bookingID uuid.UUID) (*domain.TruckReservation, error) {
	return first[domain.TruckReservation](ctx, r.db.Order("created_at DESC"),
		"booking_id = ? AND status IN ?", bookingID, []string{"reserved", "assigned", "on_rent"})
}

func (r *truckRepo) ByPartnerID(ctx context.Context, partnerID string) (*domain.TruckReservation, error) {
	return first[domain.TruckReservation](ctx, r.db, "partner_reservation_id = ?", partnerID)
}

func (r *truckRepo) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	return r.db.WithContext(ctx).Model(&domain.TruckReservation{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": time.Now().UTC()}).Error
}

func (r *truckRepo) ExtendReturn(ctx context.Context, id uuid.UUID, returnAt time.Time, days int) error {
	return r.db.WithContext(ctx).Model(&domain.TruckReservation{}).Where("id = ?", id).
		Updates(map[string]any{"return_at": returnAt, "days": days, "updated_at": time.Now().UTC()}).Error
}

func (r *truckRepo) AddExtension(ctx context.Context, e *domain.TruckExtension) error {
	return r.db.WithContext(ctx).Create(e).Error
}

func (r *truckRepo) CreateAssignment(ctx context.Context, a *domain.TruckAssignment) error {
	return r.db.WithContext(ctx).Create(a).Error
}

func (r *truckRepo) AddMileage(ctx context.Context, m *domain.MileageRecord) error {
	return r.db.WithContext(ctx).Create(m).Error
}

func (r *truckRepo) AddOverageCharge(ctx context.Context, c *domain.OverageCharge) (bool, error) {
	return insertIgnore(ctx, r.db, c, "fleet_event_id")
}
