package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
)

type GarageTariff struct {
	GarageID       string `db:"garage_id"`
	FirstHourCents int64  `db:"first_hour_cents"`
	NextHourCents  int64  `db:"next_hour_cents"`
	DailyMaxCents  int64  `db:"daily_max_cents"`
	GraceMinutes   int    `db:"grace_minutes"`
}

type GarageRepository interface {
	OpenIfAbsent(ctx context.Context, s *domain.GarageSession) (bool, error)
	FindOpen(ctx context.Context, tx *sqlx.Tx, garageID, plate string) (*domain.GarageSession, error)
	FindByExitEvent(ctx context.Context, exitEventID string) (*domain.GarageSession, error)
	Close(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, exitEventID string, at time.Time, feeCents int64) (bool, error)
	Tariff(ctx context.Context, garageID string) (*GarageTariff, error)
	CorrectPlate(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, corrected, by string) (bool, error)
}

type garageRepo struct{ db *sqlx.DB }

func NewGarageRepository(db *sqlx.DB) GarageRepository { return &garageRepo{db: db} }

const garageCols = `id, garage_id, plate, account_id, entry_event_id, exit_event_id, entered_at,
	exited_at, fee_cents, created_at`

func (r *garageRepo) OpenIfAbsent(ctx context.Context, s *domain.GarageSession) (bool, error) {
	res, err := r.db.NamedExecContext(ctx, `
		INSERT INTO garage_sessions (id, garage_id, plate, account_id, entry_event_id, entered_at, created_at)
		VALUES (:id, :garage_id, :plate, :account_id, :entry_event_id, :entered_at, :created_at)
		ON CONFLICT DO NOTHING`, s)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *garageRepo) FindOpen(ctx context.Context, tx *sqlx.Tx, garageID, plate string) (*domain.GarageSession, error) {
	var s domain.GarageSession
	err := q(r.db, tx).GetContext(ctx, &s, `SELECT `+garageCols+`
		FROM garage_sessions WHERE garage_id = $1 AND plate = $2 AND exited_at IS NULL
		ORDER BY entered_at DESC LIMIT 1`, garageID, plate)
	if err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *garageRepo) FindByExitEvent(ctx context.Context, exitEventID string) (*domain.GarageSession, error) {
	var s domain.GarageSession
	err := r.db.GetContext(ctx, &s, `SELECT `+garageCols+` FROM garage_sessions WHERE exit_event_id = $1`, exitEventID)
	if err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *garageRepo) Close(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, exitEventID string, at time.Time, feeCents int64) (bool, error) {
	res, err := q(r.db, tx).ExecContext(ctx, `
		UPDATE garage_sessions SET exit_event_id = $2, exited_at = $3, fee_cents = $4
		WHERE id = $1 AND exited_at IS NULL`, id, exitEventID, at, feeCents)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *garageRepo) Tariff(ctx context.Context, garageID string) (*GarageTariff, error) {
	var t GarageTariff
	err := r.db.GetContext(ctx, &t, `
		SELECT garage_id, first_hour_cents, next_hour_cents, daily_max_cents, grace_minutes
		FROM garage_tariffs WHERE garage_id = $1`, garageID)
	if err != nil {
		return nil, notFound(err)
	}
	return &t, nil
}

func (r *garageRepo) CorrectPlate(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, corrected, by string) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO plate_corrections (garage_session_id, original_plate, corrected_plate, corrected_by)
		SELECT id, plate, $2, $3 FROM garage_sessions WHERE id = $1
		ON CONFLICT (garage_session_id, corrected_plate) DO NOTHING`, id, corrected, by)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	_, err = tx.ExecContext(ctx, `
		UPDATE garage_sessions
		SET plate = $2,
		    account_id = (SELECT account_id FROM vehicles WHERE plate = $2 ORDER BY created_at DESC LIMIT 1)
		WHERE id = $1`, id, corrected)
	return err == nil, err
}
