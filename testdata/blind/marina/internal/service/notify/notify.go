// Package notify sends SMS to boaters and the harbourmaster. Boater messages
// are stored as notifications and delivered by a background job.
package notify

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/config"
	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/jobs/queue"
	"github.com/harbourline/marina/internal/providers/sms"
	"github.com/harbourline/marina/internal/storage"
)

// Gateway is the SMS provider.
type Gateway interface {
	Send(ctx context.Context, m sms.Message) (*sms.SendResult, error)
	Broadcast(ctx context.Context, to []string, body string) (*sms.BroadcastResult, error)
}

type Service struct {
	store         storage.Store
	sms           Gateway
	jobs          queue.Enqueuer
	harbourmaster string
	loc           *time.Location
	log           *zap.Logger
}

func NewService(store storage.Store, gw Gateway, jobs queue.Enqueuer, cfg *config.Config, log *zap.Logger) *Service {
	return &Service{
		store:         store,
		sms:           gw,
		jobs:          jobs,
		harbourmaster: cfg.HarbourmasterPhone,
		loc:           cfg.Location(),
		log:           log.Named("notify"),
	}
}

// Queue stores a notification inside tx and schedules its delivery by the
// worker.
func (s *Service) Queue(ctx context.Context, tx *storage.Tx, kind, subjectID, phone, body string) (*domain.Notification, error) {
	n, created, err := tx.Notifications.Enqueue(ctx, &domain.Notification{
		ID:        uuid.NewString(),
		Kind:      kind,
		SubjectID: subjectID,
		ToPhone:   phone,
		Body:      body,
	})
	if err != nil {
		return nil, err
	}
	if !created {
		return n, nil
	}
	if err := s.jobs.EnqueueTx(ctx, tx.Raw(), queue.SendNotificationArgs{NotificationID: n.ID}); err != nil {
		return nil, fmt.Errorf("schedule notification %s: %w", n.ID, err)
	}
	return n, nil
}

// Deliver sends a stored notification.
func (s *Service) Deliver(ctx context.Context, notificationID string) error {
	repos := s.store.Repos()
	n, err := repos.Notifications.Get(ctx, notificationID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if n.Status != "pending" {
		return nil
	}
	res, err := s.sms.Send(ctx, sms.Message{To: n.ToPhone, Body: n.Body, ClientReference: n.ID})
	if err != nil {
		if ferr := repos.Notifications.MarkFailed(ctx, n.ID, err.Error()); ferr != nil {
			s.log.Warn("record send failure", zap.String("notification_id", n.ID), zap.Error(ferr))
		}
		return err
	}
	return repos.Notifications.MarkSent(ctx, n.ID, res.MessageID)
}

// NotifyHarbourmaster texts the duty harbourmaster about a berth event.
func (s *Service) NotifyHarbourmaster(ctx context.Context, kind, subjectID, body string) error {
	if s.harbourmaster == "" {
		s.log.Warn("no harbourmaster phone configured", zap.String("kind", kind))
		return nil
	}
	repos := s.store.Repos()
	n, _, err := repos.Notifications.Enqueue(ctx, &domain.Notification{
		ID:        uuid.NewString(),
		Kind:      "harbourmaster." + kind,
		SubjectID: subjectID,
		ToPhone:   s.harbourmaster,
		Body:      body,
	})
	if err != nil {
		return err
	}
	if n.Status != "pending" {
		return nil
	}
	res, err := s.sms.Send(ctx, sms.Message{To: n.ToPhone, Body: n.Body})
	if err != nil {
		return fmt.Errorf("text harbourmaster: %w", err)
	}
	return repos.Notifications.MarkSent(ctx, n.ID, res.MessageID)
}

// SendArrivalsDigest texts the harbourmaster the list of vessels due on day.
func (s *Service) SendArrivalsDigest(ctx context.Context, day time.Time) error {
	if s.harbourmaster == "" {
		return nil
	}
	arriving, err := s.store.Repos().Reservations.ArrivingOn(ctx, day)
	if err != nil {
		return err
	}
	date := day.Format(time.DateOnly)
	var b strings.Builder
	fmt.Fprintf(&b, "Arrivals %s: %d\n", day.Format("Mon 2 Jan"), len(arriving))
	for _, a := range arriving {
		fmt.Fprintf(&b, "%s %s (%s, %.1fm)\n", a.BerthID, a.VesselName, a.Registration, a.LOAMetres)
	}
	_, err = s.sms.Send(ctx, sms.Message{
		To:              s.harbourmaster,
		Body:            strings.TrimSpace(b.String()),
		ClientReference: "arrivals-digest:" + date,
	})
	return err
}

// SendFuelReceipt texts a receipt for a paid fuel sale.
func (s *Service) SendFuelReceipt(ctx context.Context, saleID, phone, ref string) error {
	sale, err := s.store.Repos().Fuel.Get(ctx, saleID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("Fuel dock receipt #%d: %.2f L %s @ %.3f = %s. Paid by card. Thank you.",
		sale.TicketNo, sale.Litres, strings.ReplaceAll(sale.Product, "_", " "),
		float64(sale.UnitPriceCents)/100, money(sale.AmountCents))
	_, err = s.sms.Send(ctx, sms.Message{To: phone, Body: body, ClientReference: ref})
	return err
}

type BroadcastInput struct {
	Title     string
	Body      string
	Audience  string
	CreatedBy string
}

// Broadcast sends one message to every boater in the audience, such as a
// gale warning or a pontoon closure.
func (s *Service) Broadcast(ctx context.Context, in BroadcastInput) (*domain.Broadcast, error) {
	if in.Body == "" || in.Title == "" {
		return nil, domain.Invalid("title and body are required")
	}
	repos := s.store.Repos()
	phones, err := repos.Boaters.PhonesForAudience(ctx, in.Audience)
	if err != nil {
		return nil, err
	}
	if len(phones) == 0 {
		return nil, fmt.Errorf("audience %q has no recipients", in.Audience)
	}

	res, err := s.sms.Broadcast(ctx, phones, in.Title+": "+in.Body)
	if err != nil {
		return nil, fmt.Errorf("broadcast: %w", err)
	}
	return repos.Broadcasts.Insert(ctx, &domain.Broadcast{
		Title:           in.Title,
		Body:            in.Body,
		Audience:        in.Audience,
		RecipientCount:  res.Accepted,
		ProviderBatchID: res.BatchID,
		CreatedBy:       in.CreatedBy,
	})
}

// HandleDeliveryReport applies a delivery receipt from the SMS gateway.
func (s *Service) HandleDeliveryReport(ctx context.Context, rep sms.DeliveryReport) error {
	status := rep.Status
	switch status {
	case "delivered", "undelivered", "failed":
	default:
		return nil
	}
	at := rep.Timestamp
	if at.IsZero() {
		at = time.Now().UTC()
	}
	matched, err := s.store.Repos().Notifications.MarkDelivery(ctx, rep.MessageID, status, at)
	if err != nil {
		return err
	}
	if !matched {
		s.log.Debug("delivery report for unknown message", zap.String("id", rep.MessageID))
	}
	return nil
}

// Today returns the current date in the marina's time zone.
func (s *Service) Today() time.Time {
	y, m, d := time.Now().In(s.loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func money(cents int64) string {
	return fmt.Sprintf("£%d.%02d", cents/100, cents%100)
}
