package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/tenantlens/screening/internal/domain"
)

const letterColumns = `id, application_id, kind, reason_codes, bureau_names, recipient_name,
	addr_line1, addr_line2, addr_city, addr_state, addr_zip, status,
	COALESCE(printmail_letter_id, ''), attempts, requested_by, created_at, mailed_at`

func scanLetter(row interface{ Scan(...any) error }) (domain.Letter, error) {
	var l domain.Letter
	var mailed sql.NullTime
	err := row.Scan(&l.ID, &l.ApplicationID, &l.Kind, textArray(&l.ReasonCodes), textArray(&l.BureauNames),
		&l.RecipientName, &l.Address.Line1, &l.Address.Line2, &l.Address.City, &l.Address.State,
		&l.Address.Zip, &l.Status, &l.PrintMailLetterID, &l.Attempts, &l.RequestedBy, &l.CreatedAt, &mailed)
	l.MailedAt = timePtr(mailed)
	return l, err
}

// InsertLetter queues a letter for the mailer.
func (s *Store) InsertLetter(ctx context.Context, q Queryer, l domain.Letter) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO adverse_action_letters (id, application_id, kind, reason_codes, bureau_names, recipient_name,
			addr_line1, addr_line2, addr_city, addr_state, addr_zip, status, requested_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		l.ID, l.ApplicationID, l.Kind, l.ReasonCodes, l.BureauNames, l.RecipientName,
		l.Address.Line1, l.Address.Line2, l.Address.City, l.Address.State, l.Address.Zip,
		l.Status, l.RequestedBy)
	return err
}

func (s *Store) GetLetter(ctx context.Context, q Queryer, id string) (domain.Letter, error) {
	row := q.QueryRowContext(ctx, `SELECT `+letterColumns+` FROM adverse_action_letters WHERE id = $1`, id)
	l, err := scanLetter(row)
	return l, notFound(err)
}

func (s *Store) LettersForApplication(ctx context.Context, applicationID string) ([]domain.Letter, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+letterColumns+`
		FROM adverse_action_letters WHERE application_id = $1 ORDER BY created_at`, applicationID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Letter
	for rows.Next() {
		l, err := scanLetter(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// ClaimQueuedLetters leases queued letters (and letters whose previous
// mailing lease expired) for the mailer.
func (s *Store) ClaimQueuedLetters(ctx context.Context, limit int, leaseUntil time.Time) ([]domain.Letter, error) {
	rows, err := s.db.QueryContext(ctx, `
		UPDATE adverse_action_letters
		   SET status = 'mailing', attempts = attempts + 1, updated_at = $2
		 WHERE id IN (
			SELECT id FROM adverse_action_letters
			 WHERE status = 'queued'
			    OR (status = 'mailing' AND updated_at < now() - interval '10 minutes')
			 ORDER BY created_at
			 LIMIT $1
			 FOR UPDATE SKIP LOCKED)
		RETURNING `+letterColumns, limit, leaseUntil)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Letter
	for rows.Next() {
		l, err := scanLetter(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// MarkLetterMailed records the provider's letter id.
func (s *Store) MarkLetterMailed(ctx context.Context, q Queryer, id, providerID string, expected time.Time, at time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE adverse_action_letters
		   SET status = 'mailed', printmail_letter_id = $2, expected_delivery = $3, mailed_at = $4,
		       last_error = NULL, updated_at = now()
		 WHERE id = $1`, id, providerID, expected, at)
	return err
}

// RequeueLetter puts a letter back in the queue after a failed attempt, or
// fails it permanently once maxAttempts is reached.
func (s *Store) RequeueLetter(ctx context.Context, id, reason string, maxAttempts int) error {
	_, err := s.db.ExecContext(ctx, `
		UPDATE adverse_action_letters
		   SET status = CASE WHEN attempts >= $3 THEN 'failed' ELSE 'queued' END,
		       last_error = $2, updated_at = now()
		 WHERE id = $1 AND status = 'mailing'`, id, reason, maxAttempts)
	return err
}

func (s *Store) LetterByProviderID(ctx context.Context, q Queryer, providerID string) (domain.Letter, error) {
	row := q.QueryRowContext(ctx, `SELECT `+letterColumns+`
		FROM adverse_action_letters WHERE printmail_letter_id = $1`, providerID)
	l, err := scanLetter(row)
	return l, notFound(err)
}

// SetLetterStatus updates the delivery status reported by the provider.
func (s *Store) SetLetterStatus(ctx context.Context, q Queryer, id, status string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE adverse_action_letters SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

// AppendLetterTracking appends a tracking event for a letter.
func (s *Store) AppendLetterTracking(ctx context.Context, q Queryer, letterID, eventType, detail string, at time.Time) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO letter_tracking (id, letter_id, event_type, detail, occurred_at)
		VALUES ($1, $2, $3, $4, $5)`, s.newID(), letterID, eventType, detail, at)
	return err
}

// PrintMailEventSeen reports whether a provider webhook event was handled.
func (s *Store) PrintMailEventSeen(ctx context.Context, eventID string) (bool, error) {
	var seen bool
	err := s.db.QueryRowContext(ctx, `
		SELECT EXISTS (SELECT 1 FROM printmail_events WHERE event_id = $1)`, eventID).Scan(&seen)
	return seen, err
}

// RecordPrintMailEvent remembers a handled provider webhook event.
func (s *Store) RecordPrintMailEvent(ctx context.Context, eventID, letterID, eventType string) error {
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO printmail_events (event_id, letter_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (event_id) DO NOTHING`, eventID, letterID, eventType)
	return err
}
