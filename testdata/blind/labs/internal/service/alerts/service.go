// Package alerts texts ordering providers about critical values and
// patients about ready results.
package alerts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/jobs"
	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/platform/events"
	"github.com/meridianlabs/labs/internal/providers/sms"
	"github.com/meridianlabs/labs/internal/store"
)

// OnCall resolves who answers for a site or provider when the ordering
// phone is missing.
type OnCall interface {
	PhoneFor(ctx context.Context, npi string, level int) (string, error)
}

// Config tunes escalation.
type Config struct {
	EscalateAfter  time.Duration
	MaxEscalations int
	PortalURL      string
}

// Service is the alerts service.
type Service struct {
	db      *sql.DB
	results *store.Results
	orders  *store.Orders
	queue   *jobs.Queue
	sender  sms.Sender
	oncall  OnCall
	cfg     Config
	log     *slog.Logger
}

// New builds the service.
func New(conn *sql.DB, queue *jobs.Queue, sender sms.Sender, oncall OnCall, cfg Config, logger *slog.Logger) *Service {
	if cfg.EscalateAfter == 0 {
		cfg.EscalateAfter = 15 * time.Minute
	}
	if cfg.MaxEscalations == 0 {
		cfg.MaxEscalations = 3
	}
	return &Service{
		db:      conn,
		results: store.NewResults(conn),
		orders:  store.NewOrders(conn),
		queue:   queue,
		sender:  sender,
		oncall:  oncall,
		cfg:     cfg,
		log:     logger,
	}
}

// EscalatePayload is the payload of alerts.escalate_critical jobs.
type EscalatePayload struct {
	AlertID uuid.UUID `json:"alert_id"`
	Level   int       `json:"level"`
}

func criticalText(evt events.ResultCritical) string {
	return fmt.Sprintf("CRITICAL VALUE Meridian Labs order %s: %s = %s %s (%s). Reply ACK to acknowledge.",
		evt.OrderID, evt.TestCode, evt.Value, evt.Units, evt.Flag)
}

// NotifyCritical texts the ordering provider about a critical result and
// schedules escalation if nobody acknowledges.
func (s *Service) NotifyCritical(ctx context.Context, evt events.ResultCritical) error {
	phone := evt.OrderingPhone
	if phone == "" {
		var err error
		if phone, err = s.oncall.PhoneFor(ctx, evt.OrderingNPI, 0); err != nil {
			return fmt.Errorf("on-call for %s: %w", evt.OrderingNPI, err)
		}
	}
	receipt, err := s.sender.Send(ctx, sms.Message{
		To:       phone,
		Body:     criticalText(evt),
		Priority: "high",
	})
	if err != nil {
		return fmt.Errorf("critical sms for %s: %w", evt.ResultID, err)
	}

	alert := store.CriticalAlert{
		ID:                uuid.New(),
		ResultID:          evt.ResultID,
		RecipientPhone:    phone,
		ProviderMessageID: receipt.MessageID,
		Status:            "sent",
	}
	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		created, err := s.results.WithTx(tx).InsertCriticalAlert(ctx, alert)
		if err != nil || !created {
			return err
		}
		_, err = s.queue.WithTx(tx).Enqueue(ctx, jobs.KindEscalateCritical,
			EscalatePayload{AlertID: alert.ID, Level: 1},
			jobs.RunAt(time.Now().Add(s.cfg.EscalateAfter)),
			jobs.WithDedupeKey(fmt.Sprintf("escalate:%s:1", alert.ID)))
		return err
	})
}

// Escalate texts the next person on the call tree for an unacknowledged
// critical alert. The alert row is moved to the new level, and the next
// level scheduled, before the text goes out.
func (s *Service) Escalate(ctx context.Context, p EscalatePayload) error {
	alert, err := db.InTxValue(ctx, s.db, func(tx *sql.Tx) (store.CriticalAlert, error) {
		a, err := s.results.WithTx(tx).ClaimEscalation(ctx, p.AlertID, p.Level)
		if err != nil || p.Level >= s.cfg.MaxEscalations {
			return a, err
		}
		next := p.Level + 1
		_, err = s.queue.WithTx(tx).Enqueue(ctx, jobs.KindEscalateCritical, EscalatePayload{AlertID: a.ID, Level: next},
			jobs.RunAt(time.Now().Add(s.cfg.EscalateAfter)),
			jobs.WithDedupeKey(fmt.Sprintf("escalate:%s:%d", a.ID, next)))
		return a, err
	})
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	res, err := s.results.Get(ctx, alert.ResultID)
	if err != nil {
		return jobs.Permanent(err)
	}
	o, err := s.orders.Get(ctx, res.OrderID)
	if err != nil {
		return jobs.Permanent(err)
	}
	phone, err := s.oncall.PhoneFor(ctx, o.OrderingNPI, p.Level)
	if err != nil {
		return jobs.Permanent(fmt.Errorf("escalation level %d for %s: %w", p.Level, o.OrderingNPI, err))
	}
	receipt, err := s.sender.Send(ctx, sms.Message{
		To:       phone,
		Body:     fmt.Sprintf("ESCALATION %d: unacknowledged critical %s = %s on order %s", p.Level, res.TestCode, res.Value, o.ID),
		Priority: "high",
	})
	if err != nil {
		_ = s.results.FinishEscalation(ctx, alert.ID, "", "escalation_failed")
		return jobs.Permanent(err)
	}
	if err := s.results.FinishEscalation(ctx, alert.ID, receipt.MessageID, "sent"); err != nil {
		s.log.ErrorContext(ctx, "record escalation", "alert_id", alert.ID, "err", err)
	}
	return nil
}

// SendResultsReady texts a patient that their results are available.
func (s *Service) SendResultsReady(ctx context.Context, notificationID uuid.UUID) error {
	n, err := s.results.Notification(ctx, notificationID)
	if err != nil {
		return err
	}
	if n.Status != "pending" {
		return nil
	}
	receipt, err := s.sender.Send(ctx, sms.Message{
		To:   n.Phone,
		Body: "Your Meridian Labs results are ready. View them at " + s.cfg.PortalURL + " . Reply STOP to opt out.",
	})
	if err != nil {
		return err
	}
	return s.results.MarkNotificationSent(ctx, n.ID, receipt.MessageID)
}
