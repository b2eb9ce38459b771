package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

func scanSession(row pgx.Row) (ExamSession, error) {
	var s ExamSession
	err := row.Scan(&s.ID, &s.CentreSessionID, &s.ExamCode, &s.StartsAt, &s.Venue, &s.Status)
	return s, notFound(err)
}

func (r *Repo) GetExamSession(ctx context.Context, id string) (ExamSession, error) {
	return scanSession(r.db.QueryRow(ctx, `
		SELECT id, centre_session_id, exam_code, starts_at, venue, status
		FROM exam_sessions WHERE id = $1`, id))
}

func (r *Repo) GetExamSessionByCentreID(ctx context.Context, centreSessionID string) (ExamSession, error) {
	return scanSession(r.db.QueryRow(ctx, `
		SELECT id, centre_session_id, exam_code, starts_at, venue, status
		FROM exam_sessions WHERE centre_session_id = $1`, centreSessionID))
}

const bookingCols = `id, student_id, session_id, coalesce(centre_ref, ''), status,
	coalesce(op_key, ''), confirmed_at, created_at`

func scanBooking(row pgx.Row) (PlacementBooking, error) {
	var b PlacementBooking
	err := row.Scan(&b.ID, &b.StudentID, &b.SessionID, &b.CentreRef, &b.Status, &b.OpKey,
		&b.ConfirmedAt, &b.CreatedAt)
	return b, notFound(err)
}

// UpsertPlacementBooking stores the booking for (student, session), keeping
// the first booking's id when the pair already exists.
func (r *Repo) UpsertPlacementBooking(ctx context.Context, b PlacementBooking) (PlacementBooking, error) {
	return scanBooking(r.db.QueryRow(ctx, `
		INSERT INTO placement_bookings (id, student_id, session_id, centre_ref, status, op_key)
		VALUES ($1, $2, $3, nullif($4, ''), $5, $6)
		ON CONFLICT (student_id, session_id) DO UPDATE
		SET centre_ref = EXCLUDED.centre_ref, status = EXCLUDED.status,
		    op_key = EXCLUDED.op_key, updated_at = now()
		RETURNING `+bookingCols,
		b.ID, b.StudentID, b.SessionID, b.CentreRef, b.Status, b.OpKey))
}

func (r *Repo) GetPlacementBooking(ctx context.Context, id string) (PlacementBooking, error) {
	return scanBooking(r.db.QueryRow(ctx, `SELECT `+bookingCols+` FROM placement_bookings WHERE id = $1`, id))
}

func (r *Repo) GetBookingByCentreRef(ctx context.Context, ref string) (PlacementBooking, error) {
	return scanBooking(r.db.QueryRow(ctx, `SELECT `+bookingCols+` FROM placement_bookings WHERE centre_ref = $1`, ref))
}

func (r *Repo) SetPlacementBookingStatus(ctx context.Context, id, status string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE placement_bookings SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

func (r *Repo) ConfirmBookingByCentreRef(ctx context.Context, ref string, at time.Time) (PlacementBooking, error) {
	return scanBooking(r.db.QueryRow(ctx, `
		UPDATE placement_bookings
		SET status = 'confirmed', confirmed_at = coalesce(confirmed_at, $2), updated_at = now()
		WHERE centre_ref = $1 AND status IN ('pending', 'booked', 'confirmed')
		RETURNING `+bookingCols, ref, at))
}

func (r *Repo) MarkBookingNoShow(ctx context.Context, ref string) (PlacementBooking, error) {
	return scanBooking(r.db.QueryRow(ctx, `
		UPDATE placement_bookings SET status = 'no_show', updated_at = now()
		WHERE centre_ref = $1
		RETURNING `+bookingCols, ref))
}

func (r *Repo) MoveBooking(ctx context.Context, id, sessionID, centreRef string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE placement_bookings
		SET session_id = $2, centre_ref = $3, status = 'booked', confirmed_at = NULL, updated_at = now()
		WHERE id = $1`, id, sessionID, centreRef)
	return err
}

// InsertReschedule records the intent to move a booking, returning the
// existing request when the same move was already asked for.
func (r *Repo) InsertReschedule(ctx context.Context, rs PlacementReschedule) (PlacementReschedule, error) {
	var out PlacementReschedule
	err := r.db.QueryRow(ctx, `
		WITH ins AS (
			INSERT INTO placement_reschedules (id, booking_id, new_session_id)
			VALUES ($1, $2, $3)
			ON CONFLICT (booking_id, new_session_id) DO NOTHING
			RETURNING id, booking_id, new_session_id, status, coalesce(centre_ref, '') AS centre_ref, created_at
		)
		SELECT * FROM ins
		UNION ALL
		SELECT id, booking_id, new_session_id, status, coalesce(centre_ref, ''), created_at
		FROM placement_reschedules WHERE booking_id = $2 AND new_session_id = $3
		LIMIT 1`, rs.ID, rs.BookingID, rs.NewSessionID).Scan(
		&out.ID, &out.BookingID, &out.NewSessionID, &out.Status, &out.CentreRef, &out.CreatedAt)
	return out, notFound(err)
}

func (r *Repo) CompleteReschedule(ctx context.Context, id, centreRef string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE placement_reschedules SET status = 'done', centre_ref = $2 WHERE id = $1`, id, centreRef)
	return err
}

const insertPlacementResultSQL = `
INSERT INTO placement_results (booking_id, centre_result_id, cefr_level, score, published_at)
VALUES ($1, $2, $3, $4, $5)`

func (r *Repo) InsertPlacementResult(ctx context.Context, pr PlacementResult) error {
	_, err := r.db.Exec(ctx, insertPlacementResultSQL,
		pr.BookingID, pr.CentreResultID, pr.CEFRLevel, pr.Score, pr.PublishedAt)
	return err
}

func (r *Repo) ListBookedForSession(ctx context.Context, sessionID string) ([]BookingContact, error) {
	rows, err := r.db.Query(ctx, `
		SELECT b.id, s.id, s.full_name, s.email, coalesce(s.phone, ''), coalesce(b.centre_ref, '')
		FROM placement_bookings b JOIN students s ON s.id = b.student_id
		WHERE b.session_id = $1 AND b.status IN ('booked', 'confirmed')
		ORDER BY b.created_at`, sessionID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (BookingContact, error) {
		var c BookingContact
		err := row.Scan(&c.BookingID, &c.StudentID, &c.FullName, &c.Email, &c.Phone, &c.CentreRef)
		return c, err
	})
}

func (r *Repo) MarkSessionCancelled(ctx context.Context, sessionID, reason string, notified int) error {
	batch := &pgx.Batch{}
	batch.Queue(`UPDATE exam_sessions SET status = 'cancelled' WHERE id = $1`, sessionID)
	batch.Queue(`
		UPDATE placement_bookings SET status = 'session_cancelled', updated_at = now()
		WHERE session_id = $1 AND status IN ('booked', 'confirmed')`, sessionID)
	batch.Queue(`
		INSERT INTO session_cancellations (session_id, reason, notified) VALUES ($1, $2, $3)
		ON CONFLICT (session_id) DO UPDATE SET notified = session_cancellations.notified + EXCLUDED.notified`,
		sessionID, reason, notified)
	return r.db.SendBatch(ctx, batch).Close()
}
