// Package alerting turns excursion alerts and shipment events into
// messages for shippers and their dispatchers.
package alerting

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/providers/mailroute"
)

// Repository is the storage the alerting service needs.
type Repository interface {
	GetExcursionAlert(ctx context.Context, id uuid.UUID) (db.ExcursionAlert, error)
	MarkAlertNotified(ctx context.Context, id uuid.UUID, at time.Time) error
	GetShipment(ctx context.Context, id string) (db.Shipment, error)
	ShipperForShipment(ctx context.Context, shipmentID string) (db.Shipper, error)
	GetShipmentEvent(ctx context.Context, eventID string) (db.ShipmentEvent, error)
	MarkShipmentEventNotified(ctx context.Context, eventID string) error
}

// SMSSender sends text messages.
type SMSSender interface {
	Send(ctx context.Context, to, body string) (string, error)
}

// Mailer sends email with a caller-chosen idempotency key.
type Mailer interface {
	Send(ctx context.Context, msg mailroute.Message, idempotencyKey string) (string, error)
}

type Service struct {
	repo     Repository
	sms      SMSSender
	mail     Mailer
	mailFrom string
	now      func() time.Time
	log      *slog.Logger
}

func NewService(repo Repository, sms SMSSender, mail Mailer, log *slog.Logger) *Service {
	return &Service{
		repo:     repo,
		sms:      sms,
		mail:     mail,
		mailFrom: "alerts@frostline.example",
		now:      time.Now,
		log:      log,
	}
}

func recipients(sh db.Shipper) []string {
	out := []string{sh.OpsPhone}
	if sh.DispatcherPhone != nil && *sh.DispatcherPhone != "" && *sh.DispatcherPhone != sh.OpsPhone {
		out = append(out, *sh.DispatcherPhone)
	}
	return out
}

// NotifyExcursion texts the shipper's ops line and dispatcher about a
// temperature excursion.
func (s *Service) NotifyExcursion(ctx context.Context, alertID uuid.UUID) error {
	alert, err := s.repo.GetExcursionAlert(ctx, alertID)
	if err != nil {
		return fmt.Errorf("load alert: %w", err)
	}
	if alert.NotifiedAt != nil {
		return nil
	}
	sh, err := s.repo.GetShipment(ctx, alert.ShipmentID)
	if err != nil {
		return fmt.Errorf("load shipment: %w", err)
	}
	shipper, err := s.repo.ShipperForShipment(ctx, alert.ShipmentID)
	if err != nil {
		return fmt.Errorf("load shipper: %w", err)
	}

	body := fmt.Sprintf("Frostline: %s (ref %s) read %.1f°C at %s, outside %.1f–%.1f°C. Reply STOP to opt out.",
		sh.Commodity, sh.ShipperReference, alert.Celsius,
		alert.RecordedAt.Format("Jan 2 15:04 MST"), sh.TempMinC, sh.TempMaxC)

	for _, to := range recipients(shipper) {
		sid, err := s.sms.Send(ctx, to, body)
		if err != nil {
			return fmt.Errorf("send excursion sms to %s: %w", to, err)
		}
		s.log.Info("excursion sms sent", "alert_id", alert.ID, "sid", sid)
	}
	return s.repo.MarkAlertNotified(ctx, alert.ID, s.now())
}

// NotifyShipmentEvent emails the shipper about a security event on a
// shipment (seal breach and the like).
func (s *Service) NotifyShipmentEvent(ctx context.Context, eventID string) error {
	ev, err := s.repo.GetShipmentEvent(ctx, eventID)
	if err != nil {
		return fmt.Errorf("load event: %w", err)
	}
	if ev.NotifiedAt != nil {
		return nil
	}
	sh, err := s.repo.GetShipment(ctx, ev.ShipmentID)
	if err != nil {
		return err
	}
	shipper, err := s.repo.ShipperForShipment(ctx, ev.ShipmentID)
	if err != nil {
		return err
	}
	msg := mailroute.Message{
		From:     s.mailFrom,
		To:       []string{shipper.BillingEmail},
		Subject:  fmt.Sprintf("Security event on shipment %s", sh.ShipperReference),
		Template: "shipment-event",
		Vars: map[string]string{
			"kind":        ev.Kind,
			"reference":   sh.ShipperReference,
			"occurred_at": ev.OccurredAt.Format(time.RFC1123),
		},
	}
	if _, err := s.mail.Send(ctx, msg, "shipment-event-"+ev.EventID); err != nil {
		return fmt.Errorf("send event email: %w", err)
	}
	return s.repo.MarkShipmentEventNotified(ctx, eventID)
}
