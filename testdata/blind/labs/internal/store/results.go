package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/platform/db"
)

// Result is a finalized test result.
type Result struct {
	ID             string
	OrderID        string
	LISResultID    string
	TestCode       string
	Value          string
	Units          string
	ReferenceRange string
	Flag           string
	Status         string
	Version        int
	PerformedBy    string
	FinalizedAt    time.Time
}

// Results is the repository for results and what hangs off them.
type Results struct{ db db.DBTX }

// NewResults returns a Results repository.
func NewResults(conn db.DBTX) *Results { return &Results{db: conn} }

// WithTx binds the repository to tx.
func (r *Results) WithTx(tx *sql.Tx) *Results { return &Results{db: tx} }

const resultColumns = `id, order_id, lis_result_id, test_code, value, coalesce(units, ''), coalesce(reference_range, ''),
	flag, status, version, coalesce(performed_by, ''), finalized_at`

func scanResult(row interface{ Scan(...any) error }) (Result, error) {
	var x Result
	err := row.Scan(&x.ID, &x.OrderID, &x.LISResultID, &x.TestCode, &x.Value, &x.Units, &x.ReferenceRange,
		&x.Flag, &x.Status, &x.Version, &x.PerformedBy, &x.FinalizedAt)
	return x, noRows(err)
}

// InsertIfAbsent inserts a result keyed by the LIS result ID.
func (r *Results) InsertIfAbsent(ctx context.Context, x *Result) (bool, error) {
	err := r.db.QueryRowContext(ctx, `
		INSERT INTO results (id, order_id, lis_result_id, test_code, value, units, reference_range, flag,
		                     performed_by, finalized_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (lis_result_id) DO NOTHING
		RETURNING status, version`,
		x.ID, x.OrderID, x.LISResultID, x.TestCode, x.Value, db.NullString(x.Units), db.NullString(x.ReferenceRange),
		x.Flag, db.NullString(x.PerformedBy), x.FinalizedAt).Scan(&x.Status, &x.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// ByLISID loads a result by LIS result ID.
func (r *Results) ByLISID(ctx context.Context, lisID string) (Result, error) {
	return scanResult(r.db.QueryRowContext(ctx, `SELECT `+resultColumns+` FROM results WHERE lis_result_id = $1`, lisID))
}

// Get loads a result.
func (r *Results) Get(ctx context.Context, id string) (Result, error) {
	return scanResult(r.db.QueryRowContext(ctx, `SELECT `+resultColumns+` FROM results WHERE id = $1`, id))
}

// Amend replaces the value of a result when it differs, bumping its version.
func (r *Results) Amend(ctx context.Context, lisID, value, units, refRange, flag string, at time.Time) (Result, error) {
	return scanResult(r.db.QueryRowContext(ctx, `
		UPDATE results SET value = $2, units = $3, reference_range = $4, flag = $5, finalized_at = $6,
		       status = 'amended', version = version + 1, updated_at = now()
		WHERE lis_result_id = $1 AND (value, flag) IS DISTINCT FROM ($2, $5)
		RETURNING `+resultColumns,
		lisID, value, db.NullString(units), db.NullString(refRange), flag, at))
}

// InsertPublication records that a result version is to be delivered.
func (r *Results) InsertPublication(ctx context.Context, resultID string, version int, partnerID string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO result_publications (result_id, version, partner_id)
		VALUES ($1, $2, $3)`, resultID, version, partnerID)
	return err
}

// UpsertPublication records a delivered result version.
func (r *Results) UpsertPublication(ctx context.Context, resultID string, version int, partnerID, status string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO result_publications (result_id, version, partner_id, status, attempts, delivered_at)
		VALUES ($1, $2, $3, $4, 1, CASE WHEN $4 = 'delivered' THEN now() END)
		ON CONFLICT (result_id, version) DO UPDATE SET
			status       = EXCLUDED.status,
			attempts     = result_publications.attempts + 1,
			delivered_at = coalesce(result_publications.delivered_at, EXCLUDED.delivered_at)`,
		resultID, version, partnerID, status)
	return err
}

// MarkPublished marks a publication delivered.
func (r *Results) MarkPublished(ctx context.Context, resultID string, version int) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE result_publications SET status = 'delivered', delivered_at = now(), attempts = attempts + 1
		WHERE result_id = $1 AND version = $2`, resultID, version)
	return err
}

// CriticalAlert is an SMS alert for a critical value.
type CriticalAlert struct {
	ID                uuid.UUID
	ResultID          string
	RecipientPhone    string
	ProviderMessageID string
	Status            string
	EscalationLevel   int
}

// InsertCriticalAlert records an alert once per result.
func (r *Results) InsertCriticalAlert(ctx context.Context, a CriticalAlert) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		INSERT INTO critical_alerts (id, result_id, recipient_phone, provider_message_id, status, sent_at)
		VALUES ($1, $2, $3, $4, $5, CASE WHEN $5 = 'sent' THEN now() END)
		ON CONFLICT (result_id) DO NOTHING`,
		a.ID, a.ResultID, a.RecipientPhone, db.NullString(a.ProviderMessageID), a.Status)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// ClaimEscalation moves an unacknowledged alert to the next escalation
// level and returns it, or db.ErrNotFound when it was acknowledged or
// already escalated past level.
func (r *Results) ClaimEscalation(ctx context.Context, alertID uuid.UUID, level int) (CriticalAlert, error) {
	var a CriticalAlert
	err := r.db.QueryRowContext(ctx, `
		UPDATE critical_alerts SET status = 'escalating', escalation_level = $2
		WHERE id = $1 AND acknowledged_at IS NULL AND escalation_level = $2 - 1
		RETURNING id, result_id, recipient_phone, coalesce(provider_message_id, ''), status, escalation_level`,
		alertID, level).
		Scan(&a.ID, &a.ResultID, &a.RecipientPhone, &a.ProviderMessageID, &a.Status, &a.EscalationLevel)
	return a, noRows(err)
}

// FinishEscalation records the outcome of an escalation send.
func (r *Results) FinishEscalation(ctx context.Context, alertID uuid.UUID, messageID, status string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE critical_alerts SET status = $3, provider_message_id = coalesce(nullif($2, ''), provider_message_id),
		       sent_at = now()
		WHERE id = $1`, alertID, messageID, status)
	return err
}

// Notification is a patient SMS notification.
type Notification struct {
	ID      uuid.UUID
	OrderID string
	Kind    string
	Phone   string
	Status  string
}

// InsertNotification records a notification once per (order, kind).
func (r *Results) InsertNotification(ctx context.Context, n Notification) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		INSERT INTO patient_notifications (id, order_id, kind, phone)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (order_id, kind) DO NOTHING`, n.ID, n.OrderID, n.Kind, n.Phone)
	if err != nil {
		return false, err
	}
	c, _ := res.RowsAffected()
	return c == 1, nil
}

// Notification loads a notification.
func (r *Results) Notification(ctx context.Context, id uuid.UUID) (Notification, error) {
	var n Notification
	err := r.db.QueryRowContext(ctx, `
		SELECT id, order_id, kind, phone, status FROM patient_notifications WHERE id = $1`, id).
		Scan(&n.ID, &n.OrderID, &n.Kind, &n.Phone, &n.Status)
	return n, noRows(err)
}

// MarkNotificationSent stores the provider message ID.
func (r *Results) MarkNotificationSent(ctx context.Context, id uuid.UUID, messageID string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE patient_notifications SET status = 'sent', provider_message_id = $2, sent_at = now()
		WHERE id = $1`, id, messageID)
	return err
}
