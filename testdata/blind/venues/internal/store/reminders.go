package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/dbx"
)

const (
	scheduleReminderSQL = `
INSERT INTO reminders (id, booking_id, kind, due_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT (booking_id, kind, due_at) DO NOTHING`

	getReminderSQL = `SELECT id, booking_id, kind, due_at, sent_at, message_id FROM reminders WHERE id = $1`

	markReminderSentSQL = `UPDATE reminders SET sent_at = $2, message_id = $3 WHERE id = $1`

	listDueRemindersSQL = `
SELECT id, booking_id, kind, due_at, sent_at, message_id FROM reminders
WHERE sent_at IS NULL AND due_at <= $1
ORDER BY due_at
LIMIT $2`
)

type Reminders struct{ db *sqlx.DB }

func NewReminders(db *sqlx.DB) *Reminders { return &Reminders{db: db} }

// Schedule adds a reminder unless the same one is already scheduled.
func (r *Reminders) Schedule(ctx context.Context, rm domain.Reminder) error {
	_, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), scheduleReminderSQL, rm.ID, rm.BookingID, rm.Kind, rm.DueAt)
	return err
}

func (r *Reminders) Get(ctx context.Context, id uuid.UUID) (domain.Reminder, error) {
	return dbx.Get[domain.Reminder](ctx, dbx.Conn(ctx, r.db), getReminderSQL, id)
}

func (r *Reminders) MarkSent(ctx context.Context, id uuid.UUID, messageID string, at time.Time) error {
	return dbx.ExecOne(ctx, dbx.Conn(ctx, r.db), markReminderSentSQL, id, at, messageID)
}

func (r *Reminders) ListDue(ctx context.Context, now time.Time, limit int) ([]domain.Reminder, error) {
	return dbx.Select[domain.Reminder](ctx, dbx.Conn(ctx, r.db), listDueRemindersSQL, now, limit)
}

const (
	// Offer the released date to the longest-waiting couple.
	offerNextSQL = `
INSERT INTO waitlist_offers (id, waitlist_entry_id, released_booking_id, offered_at, expires_at)
SELECT $1, w.id, $2, $3, $4
FROM waitlist_entries w
WHERE w.venue_id = $5 AND w.event_date = $6
ORDER BY w.created_at
LIMIT 1
ON CONFLICT (released_booking_id) DO NOTHING`

	insertAPIRequestSQL = `
INSERT INTO api_requests (id, method, path, status, idempotency_key, duration_ms, created_at)
VALUES (:id, :method, :path, :status, :idempotency_key, :duration_ms, :created_at)`
)

type Waitlist struct{ db *sqlx.DB }

func NewWaitlist(db *sqlx.DB) *Waitlist { return &Waitlist{db: db} }

// OfferReleasedDate offers the date freed by booking b to the next couple
// on the waitlist, if there is one.
func (r *Waitlist) OfferReleasedDate(ctx context.Context, offerID uuid.UUID, b domain.Booking, at, expires time.Time) error {
	_, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), offerNextSQL, offerID, b.ID, at, expires, b.VenueID, b.EventDate)
	return err
}

type AccessLog struct{ db *sqlx.DB }

func NewAccessLog(db *sqlx.DB) *AccessLog { return &AccessLog{db: db} }

func (r *AccessLog) Record(ctx context.Context, req domain.APIRequest) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, insertAPIRequestSQL, req)
	return err
}
