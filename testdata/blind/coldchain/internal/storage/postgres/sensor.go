package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline/coldchain/internal/db"
)

// SensorRepo stores sensor readings and the shipment state they drive.
type SensorRepo struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

func NewSensorRepo(pool *pgxpool.Pool) *SensorRepo {
	return &SensorRepo{pool: pool, q: db.New(pool)}
}

func (r *SensorRepo) ShipmentForDevice(ctx context.Context, deviceID string) (db.Shipment, error) {
	return r.q.GetShipmentForDevice(ctx, deviceID)
}

func (r *SensorRepo) InsertTemperatureReading(ctx context.Context, t db.TemperatureReading) (bool, error) {
	return r.q.InsertTemperatureReading(ctx, t)
}

func (r *SensorRepo) InsertExcursionAlert(ctx context.Context, a db.ExcursionAlert) error {
	return r.q.InsertExcursionAlert(ctx, a)
}

func (r *SensorRepo) InsertHumidityReading(ctx context.Context, h db.HumidityReading) error {
	return r.q.InsertHumidityReading(ctx, h)
}

func (r *SensorRepo) UpsertPosition(ctx context.Context, p db.ShipmentPosition) error {
	return r.q.UpsertShipmentPosition(ctx, p)
}

func (r *SensorRepo) IsMessageProcessed(ctx context.Context, messageID string) (bool, error) {
	return r.q.IsMessageProcessed(ctx, messageID)
}

func (r *SensorRepo) MarkMessageProcessed(ctx context.Context, messageID string) error {
	return r.q.MarkMessageProcessed(ctx, messageID)
}

// RecordDoorOpening stores the door event and bumps the shipment's counter
// together.
func (r *SensorRepo) RecordDoorOpening(ctx context.Context, e db.DoorEvent) error {
	return pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.q.WithTx(tx)
		if err := q.InsertDoorEvent(ctx, e); err != nil {
			return err
		}
		return q.IncrementDoorOpenCount(ctx, e.ShipmentID)
	})
}

// RecordSealBreach stores the event and flags the shipment together.
func (r *SensorRepo) RecordSealBreach(ctx context.Context, arg db.InsertShipmentEventParams) error {
	return pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.q.WithTx(tx)
		if err := q.InsertShipmentEvent(ctx, arg); err != nil {
			return err
		}
		return q.SetShipmentStatus(ctx, arg.ShipmentID, "seal_breach")
	})
}

// AlertRepo backs the alerting service.
type AlertRepo struct {
	*ShipmentRepo
	q *db.Queries
}

func NewAlertRepo(pool *pgxpool.Pool, shipments *ShipmentRepo) *AlertRepo {
	return &AlertRepo{ShipmentRepo: shipments, q: db.New(pool)}
}

func (r *AlertRepo) GetExcursionAlert(ctx context.Context, id uuid.UUID) (db.ExcursionAlert, error) {
	return r.q.GetExcursionAlert(ctx, id)
}

func (r *AlertRepo) MarkAlertNotified(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.q.MarkAlertNotified(ctx, id, at)
}

func (r *AlertRepo) GetShipmentEvent(ctx context.Context, eventID string) (db.ShipmentEvent, error) {
	return r.q.GetShipmentEventByEventID(ctx, eventID)
}

func (r *AlertRepo) MarkShipmentEventNotified(ctx context.Context, eventID string) error {
	return r.q.MarkShipmentEventNotified(ctx, eventID)
}
