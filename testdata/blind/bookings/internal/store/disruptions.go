package store

import (
	"context"

	"gorm.io/gorm"
)

// DisruptionNoticeRepository remembers which bookings were told about a
// disruption.
type DisruptionNoticeRepository struct{ base }

// NewDisruptionNoticeRepository builds a DisruptionNoticeRepository.
func NewDisruptionNoticeRepository(db *gorm.DB) *DisruptionNoticeRepository {
	return &DisruptionNoticeRepository{base{db: db}}
}

// InsertIfAbsent records the notice and reports whether it is new.
func (r *DisruptionNoticeRepository) InsertIfAbsent(ctx context.Context, disruptionID, bookingID, notificationID string) (bool, error) {
	res := r.conn(ctx).Exec(`
		INSERT INTO disruption_notices (disruption_id, booking_id, notification_id)
		VALUES (?, ?, ?)
		ON CONFLICT (disruption_id, booking_id) DO NOTHING`,
		disruptionID, bookingID, notificationID)
	return res.RowsAffected == 1, res.Error
}

// NotificationIDs lists the notifications created for a disruption.
func (r *DisruptionNoticeRepository) NotificationIDs(ctx context.Context, disruptionID string) ([]string, error) {
	var ids []string
	err := r.conn(ctx).Raw(`SELECT notification_id FROM disruption_notices WHERE disruption_id = ?`, disruptionID).
		Scan(&ids).Error
	return ids, err
}
