package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type BookingRepository interface {
	// Reserve inserts b unless the order already has a booking for the leg
	// and returns the stored row.
	Reserve(ctx context.Context, b *CourierBooking) (*CourierBooking, error)
	Upsert(ctx context.Context, b *CourierBooking) error
	ByOrderLeg(ctx context.Context, orderID uuid.UUID, leg string) (*CourierBooking, error)
	ByPartnerID(ctx context.Context, partnerBookingID string) (*CourierBooking, error)
	SetPartner(ctx context.Context, id uuid.UUID, partnerBookingID, status string, tracking *string) error
	SetStatus(ctx context.Context, id uuid.UUID, status string, driverID, driverName *string) error
}

type gormBookings struct{ db *gorm.DB }

func (r *gormBookings) Reserve(ctx context.Context, b *CourierBooking) (*CourierBooking, error) {
	db := r.db.WithContext(ctx)
	if err := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "order_id"}, {Name: "leg"}},
		DoNothing: true,
	}).Create(b).Error; err != nil {
		return nil, err
	}
	return r.ByOrderLeg(ctx, b.OrderID, b.Leg)
}

func (r *gormBookings) Upsert(ctx context.Context, b *CourierBooking) error {
	b.UpdatedAt = time.Now()
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "order_id"}, {Name: "leg"}},
		DoUpdates: clause.AssignmentColumns([]string{
			"partner_booking_id", "status", "window_from", "window_to", "tracking_url", "updated_at",
		}),
	}).Create(b).Error
}

func (r *gormBookings) ByOrderLeg(ctx context.Context, orderID uuid.UUID, leg string) (*CourierBooking, error) {
	var b CourierBooking
	err := r.db.WithContext(ctx).First(&b, "order_id = ? AND leg = ?", orderID, leg).Error
	return &b, translate(err)
}

func (r *gormBookings) ByPartnerID(ctx context.Context, partnerBookingID string) (*CourierBooking, error) {
	var b CourierBooking
	err := r.db.WithContext(ctx).First(&b, "partner_booking_id = ?", partnerBookingID).Error
	return &b, translate(err)
}

func (r *gormBookings) SetPartner(ctx context.Context, id uuid.UUID, partnerBookingID, status string, tracking *string) error {
	return r.db.WithContext(ctx).Model(&CourierBooking{}).Where("id = ?", id).Updates(map[string]any{
		"partner_booking_id": partnerBookingID,
		"status":             status,
		"tracking_url":       tracking,
		"updated_at":         time.Now(),
	}).Error
}

func (r *gormBookings) SetStatus(ctx context.Context, id uuid.UUID, status string, driverID, driverName *string) error {
	fields := map[string]any{"status": status, "updated_at": time.Now()}
	if driverID != nil {
		fields["driver_id"] = *driverID
	}
	if driverName != nil {
		fields["driver_name"] = *driverName
	}
	return r.db.WithContext(ctx).Model(&CourierBooking{}).Where("id = ?", id).Updates(fields).Error
}
