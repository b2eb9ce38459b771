package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/drivewise/carsub/internal/domain"
)

type DeviceRepo struct {
	db *gorm.DB
}

func NewDeviceRepo(db *gorm.DB) *DeviceRepo {
	return &DeviceRepo{db: db}
}

func (r *DeviceRepo) GetBySerial(ctx context.Context, serial string) (*domain.TelematicsDevice, error) {
	var d domain.TelematicsDevice
	if err := conn(ctx, r.db).First(&d, "serial = ?", serial).Error; err != nil {
		return nil, notFound(err)
	}
	return &d, nil
}

// Register stores a device record for the serial or moves the existing one
// to the given vehicle and status. The original row id is kept.
func (r *DeviceRepo) Register(ctx context.Context, d *domain.TelematicsDevice) error {
	return conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "serial"}},
		DoUpdates: clause.AssignmentColumns([]string{"vehicle_id", "status", "updated_at"}),
	}).Create(d).Error
}

// TouchHeartbeat records that the device was seen. Out-of-order heartbeats
// never move last_seen_at backwards; an offline device comes back active.
func (r *DeviceRepo) TouchHeartbeat(ctx context.Context, serial string, seenAt time.Time, firmware string) (bool, error) {
	res := conn(ctx, r.db).Exec(`
		UPDATE telematics_devices
		   SET last_seen_at = GREATEST(COALESCE(last_seen_at, ?), ?),
		       firmware     = COALESCE(NULLIF(?, ''), firmware),
		       status       = CASE WHEN status = 'offline' THEN 'active' ELSE status END,
		       updated_at   = now()
		 WHERE serial = ?`, seenAt, seenAt, firmware, serial)
	return res.RowsAffected == 1, res.Error
}

func (r *DeviceRepo) SetStatus(ctx context.Context, id uuid.UUID, status domain.DeviceStatus) error {
	return conn(ctx, r.db).Model(&domain.TelematicsDevice{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": gorm.Expr("now()")}).Error
}

func (r *DeviceRepo) CreateOrder(ctx context.Context, o *domain.DeviceOrder) error {
	return conn(ctx, r.db).Create(o).Error
}

type TelemetryRepo struct {
	db *gorm.DB
}

func NewTelemetryRepo(db *gorm.DB) *TelemetryRepo {
	return &TelemetryRepo{db: db}
}

func (r *TelemetryRepo) InsertMileage(ctx context.Context, m *domain.MileageReading) error {
	return conn(ctx, r.db).Create(m).Error
}

// DistanceBetween sums reported kilometres for a subscription in [from, to).
func (r *TelemetryRepo) DistanceBetween(ctx context.Context, subscriptionID uuid.UUID, from, to time.Time) (int, error) {
	var km int
	err := conn(ctx, r.db).Model(&domain.MileageReading{}).
		Where("subscription_id = ? AND recorded_at >= ? AND recorded_at < ?", subscriptionID, from, to).
		Select("COALESCE(SUM(delta_km), 0)").
		Scan(&km).Error
	return km, err
}

func (r *TelemetryRepo) InsertTrip(ctx context.Context, t *domain.Trip) error {
	return conn(ctx, r.db).Create(t).Error
}

func (r *TelemetryRepo) InsertIncident(ctx context.Context, i *domain.Incident) error {
	return conn(ctx, r.db).Create(i).Error
}

func (r *TelemetryRepo) IncidentByID(ctx context.Context, id uuid.UUID) (*domain.Incident, error) {
	var i domain.Incident
	if err := conn(ctx, r.db).First(&i, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &i, nil
}

// InsertGeofenceAlert stores the alert once per event; it reports whether
// this call inserted it.
func (r *TelemetryRepo) InsertGeofenceAlert(ctx context.Context, a *domain.GeofenceAlert) (bool, error) {
	res := conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "event_id"}},
		DoNothing: true,
	}).Create(a)
	return res.RowsAffected == 1, res.Error
}
