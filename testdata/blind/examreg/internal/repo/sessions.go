package repo

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
)

// Sessions stores exam sessions and their seat counters.
type Sessions struct{ db *gorm.DB }

// NewSessions returns a Sessions repository.
func NewSessions(db *gorm.DB) *Sessions { return &Sessions{db: db} }

// Get loads a session.
func (r *Sessions) Get(ctx context.Context, id string) (*model.ExamSession, error) {
	var s model.ExamSession
	if err := dbx.Conn(ctx, r.db).First(&s, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

// HoldSeat takes one seat for a pending registration if the session is open
// and has room once adjustments are counted. Returns dbx.ErrNoRows when full.
func (r *Sessions) HoldSeat(ctx context.Context, sessionID string) error {
	res := dbx.Conn(ctx, r.db).Exec(`
		UPDATE exam_sessions s
		   SET seats_held = seats_held + 1, updated_at = now()
		 WHERE s.id = ?
		   AND s.status = 'open'
		   AND s.seats_held + s.seats_confirmed <
		       s.capacity + COALESCE((SELECT SUM(delta) FROM seat_adjustments a WHERE a.session_id = s.id), 0)`,
		sessionID)
	return dbx.RequireOne(res)
}

// ReleaseHeld gives back a held seat.
func (r *Sessions) ReleaseHeld(ctx context.Context, sessionID string) error {
	return dbx.Conn(ctx, r.db).Exec(
		`UPDATE exam_sessions SET seats_held = GREATEST(seats_held - 1, 0), updated_at = now() WHERE id = ?`,
		sessionID).Error
}

// ConvertHeld moves one seat from held to confirmed.
func (r *Sessions) ConvertHeld(ctx context.Context, sessionID string) error {
	return dbx.Conn(ctx, r.db).Exec(`
		UPDATE exam_sessions
		   SET seats_held = GREATEST(seats_held - 1, 0), seats_confirmed = seats_confirmed + 1, updated_at = now()
		 WHERE id = ?`, sessionID).Error
}

// ReleaseConfirmed gives back a confirmed seat.
func (r *Sessions) ReleaseConfirmed(ctx context.Context, sessionID string) error {
	return dbx.Conn(ctx, r.db).Exec(
		`UPDATE exam_sessions SET seats_confirmed = GREATEST(seats_confirmed - 1, 0), updated_at = now() WHERE id = ?`,
		sessionID).Error
}

// SetCapacity applies a centre capacity change if it is newer than the one
// already applied. Returns dbx.ErrNoRows for stale or repeated versions.
func (r *Sessions) SetCapacity(ctx context.Context, sessionID string, capacity int, version int64) error {
	res := dbx.Conn(ctx, r.db).Model(&model.ExamSession{}).
		Where("id = ? AND capacity_version < ?", sessionID, version).
		Updates(map[string]any{"capacity": capacity, "capacity_version": version, "updated_at": gorm.Expr("now()")})
	return dbx.RequireOne(res)
}

// AddAdjustment records a change to effective capacity.
func (r *Sessions) AddAdjustment(ctx context.Context, sessionID string, delta int, reason string, centreRef *string) error {
	return dbx.Conn(ctx, r.db).Create(&model.SeatAdjustment{
		ID:        uuid.New().String(),
		SessionID: sessionID,
		Delta:     delta,
		Reason:    reason,
		CentreRef: centreRef,
	}).Error
}

// EffectiveCapacity is capacity plus all adjustments.
func (r *Sessions) EffectiveCapacity(ctx context.Context, sessionID string) (int, error) {
	var n int
	err := dbx.Conn(ctx, r.db).Raw(`
		SELECT s.capacity + COALESCE((SELECT SUM(delta) FROM seat_adjustments a WHERE a.session_id = s.id), 0)
		  FROM exam_sessions s WHERE s.id = ?`, sessionID).Scan(&n).Error
	return n, err
}

// Close stops new registrations for a session.
func (r *Sessions) Close(ctx context.Context, sessionID string) error {
	return dbx.Conn(ctx, r.db).Model(&model.ExamSession{}).
		Where("id = ? AND status = ?", sessionID, model.SessionOpen).
		Update("status", model.SessionClosed).Error
}

// Reschedule moves a session to a new start time.
func (r *Sessions) Reschedule(ctx context.Context, sessionID string, startsAt time.Time) error {
	return dbx.Conn(ctx, r.db).Model(&model.ExamSession{}).
		Where("id = ?", sessionID).
		Updates(map[string]any{"starts_at": startsAt, "updated_at": gorm.Expr("now()")}).Error
}

// Cancel marks a session cancelled. Returns dbx.ErrNoRows if already cancelled.
func (r *Sessions) Cancel(ctx context.Context, sessionID string) error {
	res := dbx.Conn(ctx, r.db).Model(&model.ExamSession{}).
		Where("id = ? AND status <> ?", sessionID, model.SessionCancelled).
		Updates(map[string]any{"status": model.SessionCancelled, "seats_held": 0, "seats_confirmed": 0})
	return dbx.RequireOne(res)
}
