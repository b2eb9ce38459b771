package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
)

type SessionRepository interface {
	Insert(ctx context.Context, tx *sqlx.Tx, s *domain.Session) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Session, error)
	GetForAccount(ctx context.Context, accountID, id uuid.UUID) (*domain.Session, error)
	// End marks an active session ended and returns it. It returns
	// domain.ErrNotActive when the session is not active any more.
	End(ctx context.Context, id uuid.UUID, at time.Time, feeCents int64) (*domain.Session, error)
	SetExpiry(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, expiresAt time.Time) (*domain.Session, error)
	ExtendBy(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, d time.Duration) (*domain.Session, error)
	LatestActiveForAccount(ctx context.Context, accountID uuid.UUID) (*domain.Session, error)
}

type sessionRepo struct{ db *sqlx.DB }

func NewSessionRepository(db *sqlx.DB) SessionRepository { return &sessionRepo{db: db} }

const sessionCols = `id, account_id, vehicle_id, plate, zone_id, status, started_at, expires_at,
	ended_at, fee_cents, source, created_at, updated_at`

func (r *sessionRepo) Insert(ctx context.Context, tx *sqlx.Tx, s *domain.Session) error {
	_, err := sqlx.NamedExecContext(ctx, q(r.db, tx), `
		INSERT INTO parking_sessions (id, account_id, vehicle_id, plate, zone_id, status,
			started_at, expires_at, source, created_at, updated_at)
		VALUES (:id, :account_id, :vehicle_id, :plate, :zone_id, :status,
			:started_at, :expires_at, :source, :created_at, :updated_at)`, s)
	return err
}

func (r *sessionRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Session, error) {
	var s domain.Session
	if err := r.db.GetContext(ctx, &s, `SELECT `+sessionCols+` FROM parking_sessions WHERE id = $1`, id); err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *sessionRepo) GetForAccount(ctx context.Context, accountID, id uuid.UUID) (*domain.Session, error) {
	var s domain.Session
	err := r.db.GetContext(ctx, &s, `SELECT `+sessionCols+`
		FROM parking_sessions WHERE id = $1 AND account_id = $2`, id, accountID)
	if err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *sessionRepo) End(ctx context.Context, id uuid.UUID, at time.Time, feeCents int64) (*domain.Session, error) {
	var s domain.Session
	err := r.db.GetContext(ctx, &s, `
		UPDATE parking_sessions
		SET status = 'ended', ended_at = $2, fee_cents = $3, updated_at = now()
		WHERE id = $1 AND status = 'active'
		RETURNING `+sessionCols, id, at, feeCents)
	if err != nil {
		if notFound(err) == domain.ErrNotFound {
			return nil, domain.ErrNotActive
		}
		return nil, err
	}
	return &s, nil
}

func (r *sessionRepo) SetExpiry(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, expiresAt time.Time) (*domain.Session, error) {
	var s domain.Session
	err := q(r.db, tx).GetContext(ctx, &s, `
		UPDATE parking_sessions SET expires_at = $2, updated_at = now()
		WHERE id = $1 AND status = 'active'
		RETURNING `+sessionCols, id, expiresAt)
	if err != nil {
		if notFound(err) == domain.ErrNotFound {
			return nil, domain.ErrNotActive
		}
		return nil, err
	}
	return &s, nil
}

func (r *sessionRepo) ExtendBy(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, d time.Duration) (*domain.Session, error) {
	var s domain.Session
	err := q(r.db, tx).GetContext(ctx, &s, `
		UPDATE parking_sessions
		SET expires_at = expires_at + make_interval(secs => $2), updated_at = now()
		WHERE id = $1 AND status = 'active'
		RETURNING `+sessionCols, id, d.Seconds())
	if err != nil {
		if notFound(err) == domain.ErrNotFound {
			return nil, domain.ErrNotActive
		}
		return nil, err
	}
	return &s, nil
}

func (r *sessionRepo) LatestActiveForAccount(ctx context.Context, accountID uuid.UUID) (*domain.Session, error) {
	var s domain.Session
	err := r.db.GetContext(ctx, &s, `SELECT `+sessionCols+`
		FROM parking_sessions WHERE account_id = $1 AND status = 'active'
		ORDER BY started_at DESC LIMIT 1`, accountID)
	if err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}
