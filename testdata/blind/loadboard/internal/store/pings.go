package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/haulgrid/loadboard/internal/domain"
)

// PingRepo stores ELD position reports.
type PingRepo struct {
	db *gorm.DB
}

func NewPingRepo(db *gorm.DB) *PingRepo { return &PingRepo{db: db} }

// InsertBatch stores pings, skipping any already stored for the same
// (vendor, device_id, recorded_at). It returns how many were new.
func (r *PingRepo) InsertBatch(ctx context.Context, pings []domain.Ping) (int64, error) {
	if len(pings) == 0 {
		return 0, nil
	}
	rows := make([]pingRow, len(pings))
	for i, p := range pings {
		rows[i] = pingRow{
			ID:         p.ID,
			Vendor:     p.Vendor,
			DeviceID:   p.DeviceID,
			LoadID:     ptr(p.LoadID),
			Lat:        p.Lat,
			Lng:        p.Lng,
			SpeedMph:   p.SpeedMph,
			Heading:    p.Heading,
			RecordedAt: p.RecordedAt,
			ReceivedAt: p.ReceivedAt,
		}
	}
	res := conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "vendor"}, {Name: "device_id"}, {Name: "recorded_at"}},
		DoNothing: true,
	}).CreateInBatches(rows, 500)
	if res.Error != nil {
		return 0, fmt.Errorf("insert pings: %w", res.Error)
	}
	return res.RowsAffected, nil
}

// LoadForDevice resolves the load currently tracked by an ELD device through
// the active assignment's subscription.
func (r *PingRepo) LoadForDevice(ctx context.Context, vendor, deviceID string) (string, error) {
	var loadID string
	err := conn(ctx, r.db).Raw(`
SELECT a.load_id
  FROM load_assignments a
  JOIN tracking_devices d ON d.subscription_id = a.tracking_subscription_id
 WHERE d.vendor = ? AND d.device_id = ?
 ORDER BY a.created_at DESC
 LIMIT 1`, vendor, deviceID).Scan(&loadID).Error
	return loadID, err
}

// RegisterDevice maps an ELD device to a tracking subscription so incoming
// pings can be attributed to the load.
func (r *PingRepo) RegisterDevice(ctx context.Context, vendor, deviceID, subscriptionID string) error {
	return conn(ctx, r.db).Exec(`
INSERT INTO tracking_devices (vendor, device_id, subscription_id, registered_at)
VALUES (?, ?, ?, now())
ON CONFLICT (vendor, device_id) DO UPDATE
   SET subscription_id = EXCLUDED.subscription_id,
       registered_at   = EXCLUDED.registered_at`, vendor, deviceID, subscriptionID).Error
}
