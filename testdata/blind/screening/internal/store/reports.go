package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/tenantlens/screening/internal/domain"
)

const orderColumns = `id, application_id, report_type, bureau, status, COALESCE(bureau_order_ref, ''),
	attempts, COALESCE(last_error, ''), submitted_at, completed_at, created_at`

func scanOrder(row interface{ Scan(...any) error }) (domain.ReportOrder, error) {
	var o domain.ReportOrder
	var submitted, completed sql.NullTime
	err := row.Scan(&o.ID, &o.ApplicationID, &o.ReportType, &o.Bureau, &o.Status, &o.BureauOrderRef,
		&o.Attempts, &o.LastError, &submitted, &completed, &o.CreatedAt)
	o.SubmittedAt = timePtr(submitted)
	o.CompletedAt = timePtr(completed)
	return o, err
}

func collectOrders(rows *sql.Rows) ([]domain.ReportOrder, error) {
	defer rows.Close()
	var out []domain.ReportOrder
	for rows.Next() {
		o, err := scanOrder(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// InsertReportOrder queues a bureau order for the submitter.
func (s *Store) InsertReportOrder(ctx context.Context, q Queryer, o domain.ReportOrder) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO report_orders (id, application_id, report_type, bureau, status)
		VALUES ($1, $2, $3, $4, $5)`, o.ID, o.ApplicationID, o.ReportType, o.Bureau, o.Status)
	return err
}

func (s *Store) GetOrder(ctx context.Context, q Queryer, id string) (domain.ReportOrder, error) {
	row := q.QueryRowContext(ctx, `SELECT `+orderColumns+` FROM report_orders WHERE id = $1`, id)
	o, err := scanOrder(row)
	return o, notFound(err)
}

func (s *Store) OrdersForApplication(ctx context.Context, q Queryer, applicationID string) ([]domain.ReportOrder, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+orderColumns+`
		FROM report_orders WHERE application_id = $1 ORDER BY created_at`, applicationID)
	if err != nil {
		return nil, err
	}
	return collectOrders(rows)
}

// ClaimDueOrders leases up to limit pending orders for submission. The lease
// is a push of next_attempt_at; a crashed worker's orders become due again.
func (s *Store) ClaimDueOrders(ctx context.Context, limit int, lease time.Duration) ([]domain.ReportOrder, error) {
	rows, err := s.db.QueryContext(ctx, `
		UPDATE report_orders SET next_attempt_at = now() + $2::interval, attempts = attempts + 1, updated_at = now()
		WHERE id IN (
			SELECT id FROM report_orders
			WHERE status = 'pending' AND next_attempt_at <= now()
			ORDER BY next_attempt_at
			LIMIT $1
			FOR UPDATE SKIP LOCKED)
		RETURNING `+orderColumns, limit, fmt.Sprintf("%d seconds", int(lease.Seconds())))
	if err != nil {
		return nil, err
	}
	return collectOrders(rows)
}

// LogBureauAttempt appends one row to the bureau call log.
func (s *Store) LogBureauAttempt(ctx context.Context, orderID string, attempt, statusCode int, callErr error) error {
	var msg sql.NullString
	if callErr != nil {
		msg = sql.NullString{String: callErr.Error(), Valid: true}
	}
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO bureau_call_attempts (id, order_id, attempt, status_code, error)
		VALUES ($1, $2, $3, $4, $5)`, s.newID(), orderID, attempt, statusCode, msg)
	return err
}

// MarkOrderSubmitted records the bureau's acceptance of an order.
func (s *Store) MarkOrderSubmitted(ctx context.Context, id, bureauRef string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `
		UPDATE report_orders
		   SET status = 'submitted', bureau_order_ref = $2, submitted_at = $3, last_error = NULL, updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, bureauRef, at)
	return err
}

// DeferOrder records a failed submission and schedules the next try.
func (s *Store) DeferOrder(ctx context.Context, id, reason string, next time.Time) error {
	_, err := s.db.ExecContext(ctx, `
		UPDATE report_orders SET last_error = $2, next_attempt_at = $3, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, reason, next)
	return err
}

// FailOrder marks an order failed.
func (s *Store) FailOrder(ctx context.Context, q Queryer, id, reason string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE report_orders SET status = 'failed', last_error = $2, updated_at = now()
		WHERE id = $1 AND status NOT IN ('completed', 'cancelled')`, id, reason)
	return err
}

// AcknowledgeOrder applies the bureau's order.acknowledged callback. It only
// moves an order forward from submitted, so a replay changes nothing.
func (s *Store) AcknowledgeOrder(ctx context.Context, id, bureauRef string, at time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, `
		UPDATE report_orders
		   SET status = 'acknowledged', acknowledged_at = $3,
		       bureau_order_ref = COALESCE(bureau_order_ref, $2), updated_at = now()
		 WHERE id = $1 AND status = 'submitted'`, id, bureauRef, at)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

// ClaimBureauEvent records a bureau callback id in the inbox. It returns
// false when the event was applied already.
func (s *Store) ClaimBureauEvent(ctx context.Context, q Queryer, eventID, eventType, orderID string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO bureau_inbox (event_id, event_type, order_id) VALUES ($1, $2, $3)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType, orderID)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

// SaveReportResult stores the bureau's result for an order.
func (s *Store) SaveReportResult(ctx context.Context, q Queryer, r domain.ReportResult) error {
	summary, err := json.Marshal(r.Summary)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `
		INSERT INTO report_results (order_id, score, recommendation, record_count, summary, document_url)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (order_id) DO NOTHING`,
		r.OrderID, r.Score, r.Recommendation, r.RecordCount, summary, r.DocumentURL)
	return err
}

func (s *Store) ReportResult(ctx context.Context, orderID string) (domain.ReportResult, error) {
	var r domain.ReportResult
	var score sql.NullInt64
	var summary []byte
	err := s.db.QueryRowContext(ctx, `
		SELECT order_id, score, recommendation, record_count, summary, document_url
		FROM report_results WHERE order_id = $1`, orderID).
		Scan(&r.OrderID, &score, &r.Recommendation, &r.RecordCount, &summary, &r.DocumentURL)
	if err != nil {
		return r, notFound(err)
	}
	if score.Valid {
		v := int(score.Int64)
		r.Score = &v
	}
	return r, json.Unmarshal(summary, &r.Summary)
}

// CompleteOrder marks an order completed.
func (s *Store) CompleteOrder(ctx context.Context, q Queryer, id string, at time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE report_orders SET status = 'completed', completed_at = $2, updated_at = now()
		WHERE id = $1 AND status IN ('submitted', 'acknowledged')`, id, at)
	return err
}

// OutstandingOrders counts orders for an application that have not reached
// a terminal state.
func (s *Store) OutstandingOrders(ctx context.Context, q Queryer, applicationID string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `
		SELECT count(*) FROM report_orders
		WHERE application_id = $1 AND status IN ('pending', 'submitted', 'acknowledged')`, applicationID).Scan(&n)
	return n, err
}

// MarkPartnerAcknowledged records that the partner portal has pulled a
// completed report. Only the first acknowledgement is kept.
func (s *Store) MarkPartnerAcknowledged(ctx context.Context, orderID, partnerID string, at time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, `
		UPDATE report_orders o SET acked_by_partner_at = $3, updated_at = now()
		  FROM applications a
		 WHERE o.id = $1 AND a.id = o.application_id AND a.partner_id = $2
		   AND o.status = 'completed' AND o.acked_by_partner_at IS NULL`, orderID, partnerID, at)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

// InsertDispute records a consumer dispute opened with the bureau.
func (s *Store) InsertDispute(ctx context.Context, q Queryer, d domain.Dispute) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO report_disputes (id, order_id, bureau_dispute_id, reason, opened_at)
		VALUES ($1, $2, $3, $4, $5)`, d.ID, d.OrderID, d.BureauDisputeID, d.Reason, d.OpenedAt)
	return err
}

// RecordUsage adds the billable usage row for a completed order. The order id
// is unique, so the row is written once per order.
func (s *Store) RecordUsage(ctx context.Context, q Queryer, u domain.UsageRecord) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO usage_records (id, manager_id, order_id, report_type, unit_cents, occurred_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (order_id) DO NOTHING`,
		u.ID, u.ManagerID, u.OrderID, u.ReportType, u.UnitCents, u.OccurredAt)
	return err
}
