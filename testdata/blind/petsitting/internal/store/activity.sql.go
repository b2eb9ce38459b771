package store

import (
	"context"
	"time"

	"github.com/google/uuid"
)

const insertCheckin = `INSERT INTO walk_checkins (id, booking_id, sitter_id, kind, lat, lng, recorded_at, client_event_id, note)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
RETURNING id, booking_id, sitter_id, kind, lat, lng, recorded_at, client_event_id, note, created_at`

type InsertCheckinParams struct {
	ID            uuid.UUID
	BookingID     uuid.UUID
	SitterID      uuid.UUID
	Kind          string
	Lat           float64
	Lng           float64
	RecordedAt    time.Time
	ClientEventID *string
	Note          *string
}

func (q *Queries) InsertCheckin(ctx context.Context, arg InsertCheckinParams) (Checkin, error) {
	rows, err := q.db.Query(ctx, insertCheckin, arg.ID, arg.BookingID, arg.SitterID, arg.Kind,
		arg.Lat, arg.Lng, arg.RecordedAt, arg.ClientEventID, arg.Note)
	return collectOne[Checkin](rows, err)
}

const listCheckins = `SELECT id, booking_id, sitter_id, kind, lat, lng, recorded_at, client_event_id, note, created_at
FROM walk_checkins WHERE booking_id = $1 ORDER BY recorded_at`

func (q *Queries) ListCheckins(ctx context.Context, bookingID uuid.UUID) ([]Checkin, error) {
	rows, err := q.db.Query(ctx, listCheckins, bookingID)
	return collectAll[Checkin](rows, err)
}

const insertReview = `INSERT INTO reviews (booking_id, owner_id, sitter_id, stars, body)
VALUES ($1, $2, $3, $4, $5)`

type InsertReviewParams struct {
	BookingID uuid.UUID
	OwnerID   uuid.UUID
	SitterID  uuid.UUID
	Stars     int16
	Body      string
}

func (q *Queries) InsertReview(ctx context.Context, arg InsertReviewParams) error {
	_, err := q.db.Exec(ctx, insertReview, arg.BookingID, arg.OwnerID, arg.SitterID, arg.Stars, arg.Body)
	return err
}

const getReview = `SELECT booking_id, owner_id, sitter_id, stars, body, created_at FROM reviews WHERE booking_id = $1`

func (q *Queries) GetReview(ctx context.Context, bookingID uuid.UUID) (Review, error) {
	rows, err := q.db.Query(ctx, getReview, bookingID)
	return collectOne[Review](rows, err)
}

const claimPartnerEvent = `INSERT INTO partner_events (provider, event_id) VALUES ($1, $2)
ON CONFLICT (provider, event_id) DO NOTHING`

// ClaimPartnerEvent reports whether this call recorded the event first.
func (q *Queries) ClaimPartnerEvent(ctx context.Context, provider, eventID string) (bool, error) {
	tag, err := q.db.Exec(ctx, claimPartnerEvent, provider, eventID)
	return tag.RowsAffected() == 1, err
}

const appendAccessCodeUse = `INSERT INTO access_code_uses (booking_id, lock_id, used_at) VALUES ($1, $2, $3)`

func (q *Queries) AppendAccessCodeUse(ctx context.Context, bookingID uuid.UUID, lockID string, usedAt time.Time) error {
	_, err := q.db.Exec(ctx, appendAccessCodeUse, bookingID, lockID, usedAt)
	return err
}

const getStoredResponse = `SELECT status_code, body FROM api_idempotency_keys
WHERE account_id = $1 AND key = $2 AND method = $3 AND path = $4`

func (q *Queries) GetStoredResponse(ctx context.Context, accountID uuid.UUID, key, method, path string) (StoredResponse, error) {
	rows, err := q.db.Query(ctx, getStoredResponse, accountID, key, method, path)
	return collectOne[StoredResponse](rows, err)
}

const saveStoredResponse = `INSERT INTO api_idempotency_keys (account_id, key, method, path, status_code, body)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (account_id, key) DO NOTHING`

func (q *Queries) SaveStoredResponse(ctx context.Context, accountID uuid.UUID, key, method, path string, resp StoredResponse) error {
	_, err := q.db.Exec(ctx, saveStoredResponse, accountID, key, method, path, resp.StatusCode, resp.Body)
	return err
}
