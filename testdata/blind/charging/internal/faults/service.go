package faults

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/voltway/charging/internal/maintenance"
	"github.com/voltway/charging/internal/platform/ids"
	"github.com/voltway/charging/internal/platform/logx"
	"github.com/voltway/charging/internal/platform/queue"
	"github.com/voltway/charging/internal/smsgw"
)

// Reporter accepts driver fault reports from the app.
type Reporter struct {
	db     *sql.DB
	repo   *Repo
	events queue.Publisher
}

// NewReporter wires the reporter.
func NewReporter(db *sql.DB, repo *Repo, events queue.Publisher) *Reporter {
	return &Reporter{db: db, repo: repo, events: events}
}

// ReportRequest is the app payload.
type ReportRequest struct {
	ConnectorID int    `json:"connector_id"`
	Category    string `json:"category"`
	Description string `json:"description"`
}

// Report stores the report and raises a fault event.
func (r *Reporter) Report(ctx context.Context, driverID, stationID string, req ReportRequest) (Report, error) {
	rep := Report{
		ID:          ids.NewULID(),
		StationID:   stationID,
		ConnectorID: req.ConnectorID,
		DriverID:    driverID,
		Category:    req.Category,
		Description: req.Description,
	}
	if err := r.repo.InsertReport(ctx, r.db, rep); err != nil {
		return Report{}, err
	}
	ev := Event{
		Source:      "driver",
		SourceRef:   rep.ID,
		StationID:   stationID,
		ConnectorID: req.ConnectorID,
		ErrorCode:   "DRIVER_" + strings.ToUpper(req.Category),
		Description: req.Description,
		OccurredAt:  time.Now().UTC(),
	}
	if _, err := r.events.Publish(ctx, ev); err != nil {
		return Report{}, fmt.Errorf("raise fault event: %w", err)
	}
	return rep, nil
}

// Dispatcher opens contractor tickets for fault events.
type Dispatcher struct {
	db         *sql.DB
	repo       *Repo
	contractor maintenance.Contractor
	priorities map[string]string
}

// NewDispatcher wires the dispatcher.
func NewDispatcher(db *sql.DB, repo *Repo, c maintenance.Contractor) *Dispatcher {
	return &Dispatcher{db: db, repo: repo, contractor: c, priorities: map[string]string{
		"GroundFailure":        "P1",
		"HighTemperature":      "P1",
		"PowerMeterFailure":    "P2",
		"ConnectorLockFailure": "P2",
		"EVCommunicationError": "P3",
	}}
}

func (d *Dispatcher) priority(code string) string {
	if p, ok := d.priorities[code]; ok {
		return p
	}
	return "P3"
}

// Dispatch opens a contractor ticket for ev and records it.
func (d *Dispatcher) Dispatch(ctx context.Context, ev Event) error {
	ticketID := ids.Derived("fault", ev.Source, ev.SourceRef)
	exists, err := d.repo.TicketExists(ctx, d.db, ticketID)
	if err != nil {
		return err
	}
	if exists {
		return nil
	}
	t, err := d.contractor.OpenTicket(ctx, maintenance.TicketRequest{
		SiteRef:     ev.StationID,
		AssetRef:    fmt.Sprintf("%s/%d", ev.StationID, ev.ConnectorID),
		FaultCode:   ev.ErrorCode,
		Priority:    d.priority(ev.ErrorCode),
		Summary:     fmt.Sprintf("%s on %s connector %d", ev.ErrorCode, ev.StationID, ev.ConnectorID),
		Description: ev.Description,
		ReportedAt:  ev.OccurredAt.Format(time.RFC3339),
	})
	if err != nil {
		return fmt.Errorf("open contractor ticket: %w", err)
	}
	logx.From(ctx).Info("contractor ticket opened", "ticket", ticketID, "contractor_ref", t.Number)
	return d.repo.InsertTicket(ctx, d.db, Ticket{
		ID:            ticketID,
		StationID:     ev.StationID,
		ConnectorID:   ev.ConnectorID,
		Source:        ev.Source,
		SourceRef:     ev.SourceRef,
		ErrorCode:     ev.ErrorCode,
		ContractorRef: sql.NullString{String: t.Number, Valid: true},
		OpenedAt:      ev.OccurredAt,
	})
}

// Escalator pages the on-call engineer about tickets open too long.
type Escalator struct {
	db     *sql.DB
	repo   *Repo
	sms    smsgw.Sender
	onCall string
	after  time.Duration
}

// NewEscalator wires the escalator.
func NewEscalator(db *sql.DB, repo *Repo, sms smsgw.Sender, onCallPhone string, after time.Duration) *Escalator {
	return &Escalator{db: db, repo: repo, sms: sms, onCall: onCallPhone, after: after}
}

// Run escalates every ticket open longer than the threshold, one level per
// elapsed threshold period.
func (e *Escalator) Run(ctx context.Context, now time.Time) (int, error) {
	tickets, err := e.repo.ListOpenBefore(ctx, e.db, now.Add(-e.after), 200)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, t := range tickets {
		level := int(now.Sub(t.OpenedAt) / e.after)
		state, err := e.repo.EnsureEscalation(ctx, e.db, t.ID, level)
		if err != nil {
			return sent, err
		}
		if state == "sent" {
			continue
		}
		_, err = e.sms.Send(ctx, smsgw.Message{
			To:        e.onCall,
			Body:      fmt.Sprintf("Ticket %s (%s, %s) open %s, level %d", t.ContractorRef.String, t.StationID, t.ErrorCode, now.Sub(t.OpenedAt).Round(time.Hour), level),
			ClientRef: "esc-" + t.ID + "-" + fmt.Sprint(level),
		})
		if err != nil {
			return sent, fmt.Errorf("page on-call for %s: %w", t.ID, err)
		}
		if err := e.repo.MarkEscalationSent(ctx, e.db, t.ID, level); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}
