package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/baywarden/storagedesk/internal/domain"
)

// AccessStore covers gate codes, overlocks and unit door state.
type AccessStore struct {
	db *DB
}

func NewAccessStore(db *DB) *AccessStore { return &AccessStore{db: db} }

const codeCols = `rental_id, unit_id, pin, version, partner_ref, synced_at, revoked_at`

// SetCode stores the tenant's PIN and bumps the version when it changes.
func (s *AccessStore) SetCode(ctx context.Context, rentalID, unitID, pin string) (*domain.AccessCode, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `
		INSERT INTO access_codes (rental_id, unit_id, pin, version)
		VALUES ($1, $2, $3, 1)
		ON CONFLICT (rental_id) DO UPDATE
		   SET pin = EXCLUDED.pin,
		       version = access_codes.version + CASE WHEN access_codes.pin = EXCLUDED.pin
		                                              AND access_codes.revoked_at IS NULL THEN 0 ELSE 1 END,
		       revoked_at = NULL,
		       synced_at = CASE WHEN access_codes.pin = EXCLUDED.pin THEN access_codes.synced_at END,
		       updated_at = now()
		RETURNING `+codeCols, rentalID, unitID, pin)
	if err != nil {
		return nil, err
	}
	return pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.AccessCode])
}

func (s *AccessStore) Code(ctx context.Context, rentalID string) (*domain.AccessCode, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `SELECT `+codeCols+` FROM access_codes WHERE rental_id = $1`, rentalID)
	if err != nil {
		return nil, err
	}
	c, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.AccessCode])
	return c, notFound(err)
}

func (s *AccessStore) CodeByPartnerRef(ctx context.Context, ref string) (*domain.AccessCode, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `SELECT `+codeCols+` FROM access_codes WHERE partner_ref = $1`, ref)
	if err != nil {
		return nil, err
	}
	c, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.AccessCode])
	return c, notFound(err)
}

func (s *AccessStore) SetPartnerRef(ctx context.Context, rentalID string, version int, ref string) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		UPDATE access_codes SET partner_ref = $3 WHERE rental_id = $1 AND version = $2`, rentalID, version, ref)
	return err
}

// MarkSynced records the partner's confirmation for a code version.
func (s *AccessStore) MarkSynced(ctx context.Context, rentalID string, version int, at time.Time) (bool, error) {
	tag, err := s.db.conn(ctx).Exec(ctx, `
		UPDATE access_codes SET synced_at = $3
		 WHERE rental_id = $1 AND version = $2 AND (synced_at IS NULL OR synced_at < $3)`, rentalID, version, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (s *AccessStore) RevokeCode(ctx context.Context, rentalID string) error {
	_, err := s.db.conn(ctx).Exec(ctx,
		`UPDATE access_codes SET revoked_at = now() WHERE rental_id = $1 AND revoked_at IS NULL`, rentalID)
	return err
}

const overlockCols = `id, unit_id, rental_id, reason, placed_by, partner_lockout_id, placed_at, released_at`

// PlaceOverlock records an active overlock unless the unit already has one;
// it returns the active overlock and whether it was created now.
func (s *AccessStore) PlaceOverlock(ctx context.Context, o domain.Overlock) (*domain.Overlock, bool, error) {
	tag, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO overlocks (id, unit_id, rental_id, reason, placed_by)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (unit_id) WHERE released_at IS NULL DO NOTHING`,
		o.ID, o.UnitID, o.RentalID, o.Reason, o.PlacedBy)
	if err != nil {
		return nil, false, err
	}
	cur, err := s.ActiveOverlock(ctx, o.UnitID)
	if err != nil {
		return nil, false, err
	}
	return cur, tag.RowsAffected() == 1, nil
}

func (s *AccessStore) ActiveOverlock(ctx context.Context, unitID string) (*domain.Overlock, error) {
	rows, err := s.db.conn(ctx).Query(ctx,
		`SELECT `+overlockCols+` FROM overlocks WHERE unit_id = $1 AND released_at IS NULL`, unitID)
	if err != nil {
		return nil, err
	}
	o, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Overlock])
	return o, notFound(err)
}

func (s *AccessStore) SetLockoutID(ctx context.Context, overlockID, lockoutID string) error {
	_, err := s.db.conn(ctx).Exec(ctx,
		`UPDATE overlocks SET partner_lockout_id = $2 WHERE id = $1`, overlockID, lockoutID)
	return err
}

// ReleaseOverlock closes the active overlock on a unit and returns it; it
// returns ErrNotFound when there is none.
func (s *AccessStore) ReleaseOverlock(ctx context.Context, unitID string) (*domain.Overlock, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `
		UPDATE overlocks SET released_at = now()
		 WHERE unit_id = $1 AND released_at IS NULL
		RETURNING `+overlockCols, unitID)
	if err != nil {
		return nil, err
	}
	o, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Overlock])
	return o, notFound(err)
}

// LastReleasedOverlock returns the most recently released overlock on a unit.
func (s *AccessStore) LastReleasedOverlock(ctx context.Context, unitID string) (*domain.Overlock, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `
		SELECT `+overlockCols+` FROM overlocks
		 WHERE unit_id = $1 AND released_at IS NOT NULL
		 ORDER BY released_at DESC LIMIT 1`, unitID)
	if err != nil {
		return nil, err
	}
	o, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Overlock])
	return o, notFound(err)
}

// SetDoorState records the latest door state, ignoring out-of-order events.
func (s *AccessStore) SetDoorState(ctx context.Context, unitID, state, eventID string, at time.Time) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO door_state (unit_id, state, changed_at, last_event_id)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (unit_id) DO UPDATE
		   SET state = EXCLUDED.state, changed_at = EXCLUDED.changed_at, last_event_id = EXCLUDED.last_event_id
		 WHERE door_state.changed_at < EXCLUDED.changed_at`, unitID, state, at, eventID)
	return err
}
