package storage

import (
	"context"

	"github.com/harbourline/marina/internal/domain"
)

type PowerRepository interface {
	InsertReading(ctx context.Context, m *domain.MeterReading) (bool, error)
	LatestReading(ctx context.Context, meterID string) (*domain.MeterReading, error)
	GetSession(ctx context.Context, id string) (*domain.PowerSession, error)
	MarkSessionBilled(ctx context.Context, id string, endKWh float64) (bool, error)
}

type powerRepo struct{ q Querier }

func (r *powerRepo) InsertReading(ctx context.Context, m *domain.MeterReading) (bool, error) {
	tag, err := r.q.Exec(ctx, `
		INSERT INTO meter_readings (id, meter_id, read_at, kwh_total, source)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (meter_id, read_at) DO NOTHING`, m.ID, m.MeterID, m.ReadAt, m.KWhTotal, m.Source)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *powerRepo) LatestReading(ctx context.Context, meterID string) (*domain.MeterReading, error) {
	var m domain.MeterReading
	err := r.q.QueryRow(ctx, `
		SELECT id, meter_id, read_at, kwh_total::float8, source
		FROM meter_readings WHERE meter_id = $1
		ORDER BY read_at DESC LIMIT 1`, meterID).Scan(&m.ID, &m.MeterID, &m.ReadAt, &m.KWhTotal, &m.Source)
	if err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

func (r *powerRepo) GetSession(ctx context.Context, id string) (*domain.PowerSession, error) {
	var s domain.PowerSession
	err := r.q.QueryRow(ctx, `
		SELECT id, meter_id, boater_id, start_kwh::float8, end_kwh::float8, rate_cents_per_kwh, status, opened_at, closed_at
		FROM power_sessions WHERE id = $1`, id).
		Scan(&s.ID, &s.MeterID, &s.BoaterID, &s.StartKWh, &s.EndKWh, &s.RateCentsPerKWh, &s.Status, &s.OpenedAt, &s.ClosedAt)
	if err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *powerRepo) MarkSessionBilled(ctx context.Context, id string, endKWh float64) (bool, error) {
	tag, err := r.q.Exec(ctx, `
		UPDATE power_sessions SET status = 'billed', end_kwh = $2, closed_at = now()
		WHERE id = $1 AND status = 'open'`, id, endKWh)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
