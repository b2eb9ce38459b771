package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/platform/db"
)

// Recording is a finished visit recording reported by the video vendor.
type Recording struct {
	VendorRecordingID string    `db:"vendor_recording_id"`
	AppointmentID     uuid.UUID `db:"appointment_id"`
	SessionID         string    `db:"session_id"`
	StorageURL        string    `db:"storage_url"`
	DurationSeconds   int       `db:"duration_seconds"`
	SizeBytes         int64     `db:"size_bytes"`
}

// Attendance is one participant joining a video session.
type Attendance struct {
	SessionID     string    `db:"session_id"`
	ParticipantID string    `db:"participant_id"`
	Role          string    `db:"role"`
	AppointmentID uuid.UUID `db:"appointment_id"`
	JoinedAt      time.Time `db:"joined_at"`
}

// SessionRepo persists video session facts.
type SessionRepo struct {
	db *sqlx.DB
}

func NewSessionRepo(d *sqlx.DB) *SessionRepo { return &SessionRepo{db: d} }

func (r *SessionRepo) DB() *sqlx.DB { return r.db }

func (r *SessionRepo) AddRecording(ctx context.Context, rec *Recording) error {
	_, err := r.db.NamedExecContext(ctx, `
		INSERT INTO visit_recordings
			(vendor_recording_id, appointment_id, session_id, storage_url, duration_seconds, size_bytes)
		VALUES
			(:vendor_recording_id, :appointment_id, :session_id, :storage_url, :duration_seconds, :size_bytes)`, rec)
	return err
}

func (r *SessionRepo) AddAttendance(ctx context.Context, tx *sqlx.Tx, a *Attendance) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO visit_attendance (session_id, participant_id, role, appointment_id, joined_at)
		VALUES (:session_id, :participant_id, :role, :appointment_id, :joined_at)`, a)
	return err
}

// EndSession records the end of a session, creating the row if the start
// was never reported.
func (r *SessionRepo) EndSession(ctx context.Context, tx *sqlx.Tx, sessionID string, apptID uuid.UUID, roomID string, started, ended time.Time, reason string) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO video_sessions (session_id, appointment_id, room_id, started_at, ended_at, duration_seconds, end_reason)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (session_id) DO UPDATE SET
			ended_at = EXCLUDED.ended_at,
			duration_seconds = EXCLUDED.duration_seconds,
			end_reason = EXCLUDED.end_reason`,
		sessionID, apptID, roomID, started, ended, int(ended.Sub(started).Seconds()), reason)
	return err
}

// ProcessedRepo tracks event IDs handled by a consumer.
type ProcessedRepo struct {
	db *sqlx.DB
}

func NewProcessedRepo(d *sqlx.DB) *ProcessedRepo { return &ProcessedRepo{db: d} }

// Seen reports whether consumer already handled eventID.
func (r *ProcessedRepo) Seen(ctx context.Context, consumer, eventID string) (bool, error) {
	var n int
	err := r.db.GetContext(ctx, &n, `
		SELECT count(*) FROM processed_events WHERE consumer = $1 AND event_id = $2`, consumer, eventID)
	return n > 0, err
}

// Mark records eventID as handled by consumer.
func (r *ProcessedRepo) Mark(ctx context.Context, consumer, eventID string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, consumer, eventID)
	return err
}

// Claim records eventID inside tx and reports whether this call was first.
func (r *ProcessedRepo) Claim(ctx context.Context, tx *sqlx.Tx, consumer, eventID string) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, consumer, eventID)
	if err != nil {
		return false, err
	}
	return db.Affected(res) == 1, nil
}

// NotificationRepo tracks outbound patient notifications.
type NotificationRepo struct {
	db *sqlx.DB
}

func NewNotificationRepo(d *sqlx.DB) *NotificationRepo { return &NotificationRepo{db: d} }

// Ensure returns the notification row for (appointment, channel, template),
// creating it in pending state on first use.
func (r *NotificationRepo) Ensure(ctx context.Context, id, apptID uuid.UUID, channel, template string) (*domain.Notification, error) {
	if _, err := r.db.ExecContext(ctx, `
		INSERT INTO notifications (id, appointment_id, channel, template)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (appointment_id, channel, template) DO NOTHING`, id, apptID, channel, template); err != nil {
		return nil, err
	}
	n, err := db.GetOne[domain.Notification](ctx, r.db, `
		SELECT * FROM notifications WHERE appointment_id = $1 AND channel = $2 AND template = $3`,
		apptID, channel, template)
	return n, mapNotFound(err)
}

func (r *NotificationRepo) SetStatus(ctx context.Context, id uuid.UUID, status, providerID string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE notifications
		SET status = $2,
		    provider_message_id = COALESCE(NULLIF($3, ''), provider_message_id),
		    sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END
		WHERE id = $1`, id, status, providerID)
	return err
}

// ReminderLog records reminders that went out per window.
type ReminderLog struct {
	db *sqlx.DB
}

func NewReminderLog(d *sqlx.DB) *ReminderLog { return &ReminderLog{db: d} }

func (r *ReminderLog) WasSent(ctx context.Context, apptID uuid.UUID, channel, window string) (bool, error) {
	var n int
	err := r.db.GetContext(ctx, &n, `
		SELECT count(*) FROM reminder_log WHERE appointment_id = $1 AND channel = $2 AND window_label = $3`,
		apptID, channel, window)
	return n > 0, err
}

func (r *ReminderLog) Record(ctx context.Context, apptID uuid.UUID, channel, window, ref string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO reminder_log (appointment_id, channel, window_label, provider_ref)
		VALUES ($1, $2, $3, NULLIF($4, ''))
		ON CONFLICT DO NOTHING`, apptID, channel, window, ref)
	return err
}

// OutboxRepo reads and acknowledges outbox events.
type OutboxRepo struct {
	db *sqlx.DB
}

func NewOutboxRepo(d *sqlx.DB) *OutboxRepo { return &OutboxRepo{db: d} }

func (r *OutboxRepo) DB() *sqlx.DB { return r.db }

// LockPending returns up to limit unrelayed events, locked for tx.
func (r *OutboxRepo) LockPending(ctx context.Context, tx *sqlx.Tx, limit int) ([]domain.OutboxEvent, error) {
	return db.SelectAll[domain.OutboxEvent](ctx, tx, `
		SELECT * FROM outbox WHERE relayed_at IS NULL
		ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`, limit)
}

func (r *OutboxRepo) MarkRelayed(ctx context.Context, tx *sqlx.Tx, id uuid.UUID) error {
	_, err := tx.ExecContext(ctx, `UPDATE outbox SET relayed_at = now() WHERE id = $1`, id)
	return err
}
