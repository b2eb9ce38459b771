package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborline/brokerage/internal/domain"
)

// InspectionRepository persists inspections and partner slots.
type InspectionRepository interface {
	EnsureInspection(ctx context.Context, in *domain.Inspection) (*domain.Inspection, error)
	Get(ctx context.Context, id string) (*domain.Inspection, error)
	GetByBookingID(ctx context.Context, bookingID string) (*domain.Inspection, error)
	GetByClientReference(ctx context.Context, ref string) (*domain.Inspection, error)
	SetBooking(ctx context.Context, id, bookingID, status string) error
	CreateSlot(ctx context.Context, s *domain.InspectionSlot) error
	Complete(ctx context.Context, id, result string, at time.Time) error
	CancelByBooking(ctx context.Context, bookingID string) (bool, error)
	WithTx(tx *gorm.DB) InspectionRepository
}

type InspectionRepo struct{ db *gorm.DB }

func NewInspectionRepo(db *gorm.DB) *InspectionRepo { return &InspectionRepo{db: db} }

func (r *InspectionRepo) WithTx(tx *gorm.DB) InspectionRepository { return &InspectionRepo{db: tx} }

// EnsureInspection inserts in unless the shipment already has an inspection
// of the same kind, and returns the stored row.
func (r *InspectionRepo) EnsureInspection(ctx context.Context, in *domain.Inspection) (*domain.Inspection, error) {
	db := r.db.WithContext(ctx)
	err := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "shipment_id"}, {Name: "kind"}},
		DoNothing: true,
	}).Create(in).Error
	if err != nil {
		return nil, err
	}
	var stored domain.Inspection
	if err := db.Where("shipment_id = ? AND kind = ?", in.ShipmentID, in.Kind).First(&stored).Error; err != nil {
		return nil, err
	}
	return &stored, nil
}

func (r *InspectionRepo) Get(ctx context.Context, id string) (*domain.Inspection, error) {
	var in domain.Inspection
	if err := r.db.WithContext(ctx).First(&in, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &in, nil
}

func (r *InspectionRepo) GetByBookingID(ctx context.Context, bookingID string) (*domain.Inspection, error) {
	var in domain.Inspection
	if err := r.db.WithContext(ctx).First(&in, "partner_booking_id = ?", bookingID).Error; err != nil {
		return nil, notFound(err)
	}
	return &in, nil
}

func (r *InspectionRepo) GetByClientReference(ctx context.Context, ref string) (*domain.Inspection, error) {
	var in domain.Inspection
	if err := r.db.WithContext(ctx).First(&in, "client_reference = ?", ref).Error; err != nil {
		return nil, notFound(err)
	}
	return &in, nil
}

func (r *InspectionRepo) SetBooking(ctx context.Context, id, bookingID, status string) error {
	return r.db.WithContext(ctx).Model(&domain.Inspection{}).Where("id = ?", id).
		Updates(map[string]any{"partner_booking_id": bookingID, "status": status, "updated_at": time.Now().UTC()}).Error
}

func (r *InspectionRepo) CreateSlot(ctx context.Context, s *domain.InspectionSlot) error {
	return r.db.WithContext(ctx).Create(s).Error
}

func (r *InspectionRepo) Complete(ctx context.Context, id, result string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Inspection{}).Where("id = ?", id).
		Updates(map[string]any{"status": "completed", "result": result, "completed_at": at, "updated_at": time.Now().UTC()}).Error
}

func (r *InspectionRepo) CancelByBooking(ctx context.Context, bookingID string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&domain.Inspection{}).
		Where("partner_booking_id = ? AND status NOT IN ?", bookingID, []string{"cancelled", "completed"}).
		Updates(map[string]any{"status": "cancelled", "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}
