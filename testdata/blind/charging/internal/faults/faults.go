// Package faults turns station faults (from telemetry or driver reports)
// into maintenance contractor tickets and escalates stale ones.
package faults

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/voltway/charging/internal/platform/dbutil"
)

// Event is published to the station-faults queue.
type Event struct {
	Source      string    `json:"source"` // telemetry | driver
	SourceRef   string    `json:"source_ref"`
	StationID   string    `json:"station_id"`
	ConnectorID int       `json:"connector_id"`
	ErrorCode   string    `json:"error_code"`
	Description string    `json:"description"`
	OccurredAt  time.Time `json:"occurred_at"`
}

// Report is a driver's fault report.
type Report struct {
	ID          string
	StationID   string
	ConnectorID int
	DriverID    string
	Category    string
	Description string
}

// Ticket is our record of a contractor ticket.
type Ticket struct {
	ID            string
	StationID     string
	ConnectorID   int
	Source        string
	SourceRef     string
	ErrorCode     string
	ContractorRef sql.NullString
	Status        string
	OpenedAt      time.Time
}

// Repo is the faults data access layer.
type Repo struct{}

// NewRepo builds a repository.
func NewRepo() *Repo { return &Repo{} }

// InsertReport stores a driver report.
func (r *Repo) InsertReport(ctx context.Context, q dbutil.Querier, rep Report) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO fault_reports (id, station_id, connector_id, driver_id, category, description)
		VALUES (?, ?, ?, ?, ?, ?)`,
		rep.ID, rep.StationID, rep.ConnectorID, rep.DriverID, rep.Category, rep.Description)
	if err != nil {
		return fmt.Errorf("insert fault report: %w", err)
	}
	return nil
}

// TicketExists reports whether a ticket with id exists.
func (r *Repo) TicketExists(ctx context.Context, q dbutil.Querier, id string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM fault_tickets WHERE id = ?`, id).Scan(&n)
	return n > 0, err
}

// InsertTicket stores a ticket; a repeated ID is ignored.
func (r *Repo) InsertTicket(ctx context.Context, q dbutil.Querier, t Ticket) error {
	_, err := q.ExecContext(ctx, `
		INSERT IGNORE INTO fault_tickets
			(id, station_id, connector_id, source, source_ref, error_code, contractor_ref, status, opened_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?)`,
		t.ID, t.StationID, t.ConnectorID, t.Source, t.SourceRef, t.ErrorCode, t.ContractorRef, t.OpenedAt)
	if err != nil {
		return fmt.Errorf("insert ticket %s: %w", t.ID, err)
	}
	return nil
}

// ListOpenBefore returns open tickets opened before cutoff.
func (r *Repo) ListOpenBefore(ctx context.Context, q dbutil.Querier, cutoff time.Time, limit int) ([]Ticket, error) {
	rows, err := q.QueryContext(ctx, `
		SELECT id, station_id, connector_id, source, source_ref, error_code, contractor_ref, status, opened_at
		FROM fault_tickets WHERE status = 'open' AND opened_at < ? ORDER BY opened_at LIMIT ?`, cutoff, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Ticket
	for rows.Next() {
		var t Ticket
		if err := rows.Scan(&t.ID, &t.StationID, &t.ConnectorID, &t.Source, &t.SourceRef, &t.ErrorCode,
			&t.ContractorRef, &t.Status, &t.OpenedAt); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// EnsureEscalation records escalation (ticket, level) as pending if it is
// not recorded yet and returns its notification state.
func (r *Repo) EnsureEscalation(ctx context.Context, q dbutil.Querier, ticketID string, level int) (string, error) {
	if _, err := q.ExecContext(ctx, `
		INSERT IGNORE INTO fault_escalations (ticket_id, level, notified) VALUES (?, ?, 'pending')`,
		ticketID, level); err != nil {
		return "", err
	}
	var state string
	err := q.QueryRowContext(ctx, `SELECT notified FROM fault_escalations WHERE ticket_id = ? AND level = ?`,
		ticketID, level).Scan(&state)
	return state, err
}

// MarkEscalationSent flags an escalation as delivered.
func (r *Repo) MarkEscalationSent(ctx context.Context, q dbutil.Querier, ticketID string, level int) error {
	_, err := q.ExecContext(ctx, `
		UPDATE fault_escalations SET notified = 'sent' WHERE ticket_id = ? AND level = ?`, ticketID, level)
	return err
}
