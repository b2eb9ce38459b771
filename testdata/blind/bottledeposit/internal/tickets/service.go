// Package tickets turns kiosk faults into field-service tickets and follows
// them until the kiosk is back in service.
package tickets

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/segmentio/ksuid"

	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/events"
	"github.com/pantloop/deposit/internal/fieldservice"
	"github.com/pantloop/deposit/internal/pgutil"
	"github.com/pantloop/deposit/internal/store"
	"github.com/pantloop/deposit/internal/txn"
)

// priorities maps kiosk fault severity to partner priority.
var priorities = map[string]string{
	"critical": "P1",
	"major":    "P2",
	"minor":    "P3",
}

type Service struct {
	pool txn.Pool
	desk fieldservice.Desk
	log  *slog.Logger
	// VisitWindow picks the slot offered for an on-site visit.
	VisitWindow func(now time.Time) (time.Time, time.Time)
}

func NewService(pool txn.Pool, desk fieldservice.Desk, log *slog.Logger) *Service {
	return &Service{pool: pool, desk: desk, log: log, VisitWindow: nextBusinessMorning}
}

// Open records a fault reported by a kiosk and opens a partner ticket for it.
func (s *Service) Open(ctx context.Context, ev events.FaultReported) error {
	prio, ok := priorities[ev.Severity]
	if !ok {
		// Warnings and info faults are only logged by the kiosk gateway.
		return nil
	}
	q := store.New(s.pool)
	k, err := q.GetKiosk(ctx, ev.KioskID)
	if pgutil.IsNoRows(err) {
		return bus.Permanent(fmt.Errorf("fault %s: unknown kiosk %s", ev.FaultID, ev.KioskID))
	}
	if err != nil {
		return err
	}

	t, err := q.UpsertFaultTicket(ctx, store.UpsertFaultTicketParams{
		FaultEventID: pgtype.Text{String: ev.FaultID, Valid: true},
		KioskID:      k.ID,
		ShopID:       k.ShopID,
		FaultCode:    ev.Code,
		Severity:     ev.Severity,
	})
	if err != nil {
		return err
	}
	if t.PartnerTicketID.Valid || t.Status == "cleared" {
		return nil
	}

	pt, err := s.desk.CreateTicket(ctx, fieldservice.TicketRequest{
		IdempotencyKey: ksuid.New().String(),
		SiteRef:        k.ShopID,
		AssetSerial:    k.Serial,
		AssetModel:     k.Model,
		FaultCode:      ev.Code,
		Priority:       prio,
		Description:    ev.Detail,
		ContactPhone:   k.SiteContactPhone,
	})
	if err != nil {
		return err
	}
	return q.SetPartnerTicket(ctx, store.SetPartnerTicketParams{ID: t.ID, PartnerTicketID: pt.ID})
}

// Clear closes the ticket for a fault the kiosk reports as cleared.
func (s *Service) Clear(ctx context.Context, ev events.FaultCleared) error {
	return txn.Run(ctx, s.pool, func(q *store.Queries) error {
		t, err := q.ClearFaultTicket(ctx, store.ClearFaultTicketParams{
			FaultEventID: pgtype.Text{String: ev.FaultID, Valid: true},
			ClearedAt:    ev.ClearedAt,
		})
		if pgutil.IsNoRows(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if !t.PartnerTicketID.Valid {
			return nil
		}
		return s.desk.SetStatus(ctx, t.PartnerTicketID.String, "resolved", "cleared by "+ev.ClearedBy)
	})
}

// ManualTicket is a ticket opened by the operations team from the admin UI.
type ManualTicket struct {
	KioskID     string
	FaultCode   string
	Severity    string
	Description string
}

// OpenManual opens a partner ticket for a kiosk without a kiosk-reported
// fault (vandalism, customer complaint, ...).
func (s *Service) OpenManual(ctx context.Context, m ManualTicket) (store.FaultTicket, error) {
	prio, ok := priorities[m.Severity]
	if !ok {
		return store.FaultTicket{}, fmt.Errorf("tickets: unknown severity %q", m.Severity)
	}
	q := store.New(s.pool)
	k, err := q.GetKiosk(ctx, m.KioskID)
	if err != nil {
		return store.FaultTicket{}, err
	}
	pt, err := s.desk.CreateTicket(ctx, fieldservice.TicketRequest{
		SiteRef:      k.ShopID,
		AssetSerial:  k.Serial,
		AssetModel:   k.Model,
		FaultCode:    m.FaultCode,
		Priority:     prio,
		Description:  m.Description,
		ContactPhone: k.SiteContactPhone,
	})
	if err != nil {
		return store.FaultTicket{}, err
	}
	return q.InsertManualTicket(ctx, store.InsertManualTicketParams{
		KioskID:         k.ID,
		ShopID:          k.ShopID,
		FaultCode:       m.FaultCode,
		Severity:        m.Severity,
		PartnerTicketID: pt.ID,
	})
}

// PartnerEvent is a webhook from the field-service partner.
type PartnerEvent struct {
	ID       string    `json:"id"`
	Type     string    `json:"type"`
	TicketID string    `json:"ticket_id"`
	VisitID  string    `json:"visit_id,omitempty"`
	Note     string    `json:"note,omitempty"`
	At       time.Time `json:"at"`
}

// HandlePartnerEvent follows the partner's ticket lifecycle.
func (s *Service) HandlePartnerEvent(ctx context.Context, ev PartnerEvent) error {
	switch ev.Type {
	case "ticket.accepted":
		return s.setStatus(ctx, ev.TicketID, "accepted")
	case "ticket.escalated":
		return s.scheduleVisit(ctx, ev)
	case "visit.completed":
		return txn.Run(ctx, s.pool, func(q *store.Queries) error {
			if _, err := q.SetServiceVisitStatus(ctx, store.SetServiceVisitStatusParams{ID: ev.VisitID, Status: "completed"}); err != nil {
				return err
			}
			_, err := q.SetTicketStatusByPartnerID(ctx, store.SetTicketStatusByPartnerIDParams{PartnerTicketID: ev.TicketID, Status: "visited"})
			return err
		})
	case "ticket.closed":
		return s.setStatus(ctx, ev.TicketID, "closed")
	default:
		s.log.Debug("ignoring partner event", "type", ev.Type)
		return nil
	}
}

func (s *Service) setStatus(ctx context.Context, partnerTicketID, status string) error {
	_, err := store.New(s.pool).SetTicketStatusByPartnerID(ctx, store.SetTicketStatusByPartnerIDParams{
		PartnerTicketID: partnerTicketID,
		Status:          status,
	})
	return err
}

// scheduleVisit books an on-site visit when the partner could not fix the
// kiosk remotely.
func (s *Service) scheduleVisit(ctx context.Context, ev PartnerEvent) error {
	t, err := store.New(s.pool).GetFaultTicketByPartnerID(ctx, ev.TicketID)
	if pgutil.IsNoRows(err) {
		s.log.Warn("escalation for unknown ticket", "ticket", ev.TicketID)
		return nil
	}
	if err != nil {
		return err
	}
	if t.Status == "cleared" || t.Status == "closed" {
		return nil
	}

	from, to := s.VisitWindow(time.Now())
	visit, err := s.desk.BookVisit(ctx, ev.TicketID, fieldservice.VisitRequest{
		WindowStart: from,
		WindowEnd:   to,
		Notes:       ev.Note,
	})
	if err != nil {
		return err
	}

	return txn.Run(ctx, s.pool, func(q *store.Queries) error {
		if err := q.InsertServiceVisit(ctx, store.InsertServiceVisitParams{
			ID:              visit.ID,
			PartnerTicketID: ev.TicketID,
			WindowStart:     visit.WindowStart,
			WindowEnd:       visit.WindowEnd,
		}); err != nil {
			return err
		}
		_, err := q.SetTicketStatusByPartnerID(ctx, store.SetTicketStatusByPartnerIDParams{PartnerTicketID: ev.TicketID, Status: "visit_booked"})
		return err
	})
}

// nextBusinessMorning offers 08:00-12:00 on the next weekday.
func nextBusinessMorning(now time.Time) (time.Time, time.Time) {
	d := now.AddDate(0, 0, 1)
	for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
		d = d.AddDate(0, 0, 1)
	}
	start := time.Date(d.Year(), d.Month(), d.Day(), 8, 0, 0, 0, now.Location())
	return start, start.Add(4 * time.Hour)
}
