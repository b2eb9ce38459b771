package services

import (
	"context"
	"fmt"
	"time"

	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

type MessagingService struct {
	events   ports.EventRepository
	messages ports.MessageRepository
	sms      ports.SMSSender
	queue    ports.JobQueue
	clock    ports.Clock
	log      *zap.Logger
}

func NewMessagingService(events ports.EventRepository, messages ports.MessageRepository, sms ports.SMSSender,
	queue ports.JobQueue, clock ports.Clock, log *zap.Logger) *MessagingService {
	return &MessagingService{events: events, messages: messages, sms: sms, queue: queue, clock: clock, log: log.Named("messaging")}
}

var templates = map[string]string{
	"event_day":    "Today's the day! Food service starts on arrival. Any allergies, speak to the event manager. - Fork & Feast",
	"announcement": "%s - Fork & Feast",
	"running_late": "A quick update from the kitchen: %s - Fork & Feast",
}

func render(template, body string) (string, error) {
	t, ok := templates[template]
	if !ok {
		return "", domain.Invalid("template", "unknown template "+template)
	}
	if template == "event_day" {
		return t, nil
	}
	if body == "" {
		return "", domain.Invalid("body", "required for "+template)
	}
	return fmt.Sprintf(t, body), nil
}

// ScheduleAnnouncement queues a one-off text to every guest of an event.
func (s *MessagingService) ScheduleAnnouncement(ctx context.Context, a ports.Announcement) (string, error) {
	if _, err := render(a.Template, a.Body); err != nil {
		return "", err
	}
	ev, err := s.events.Get(ctx, a.EventID)
	if err != nil {
		return "", err
	}
	if ev.Status == domain.EventCancelled {
		return "", &domain.StateError{Entity: "event", From: string(ev.Status), To: "announcement"}
	}
	batchID := "ann_" + xid.New().String()
	opts := []ports.EnqueueOption{ports.UniqueByArgs()}
	if !a.SendAt.IsZero() {
		opts = append(opts, ports.RunAt(a.SendAt))
	}
	err = s.queue.Enqueue(ctx, ports.GuestMessageBatchJob{
		EventID:  ev.ID,
		BatchID:  batchID,
		Template: a.Template,
		Body:     a.Body,
	}, opts...)
	return batchID, err
}

// SendBatch texts every guest of the batch's event that has not opted out.
func (s *MessagingService) SendBatch(ctx context.Context, job ports.GuestMessageBatchJob) (int, error) {
	body, err := render(job.Template, job.Body)
	if err != nil {
		return 0, err
	}
	guests, err := s.messages.ListGuests(ctx, job.EventID)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, g := range guests {
		if g.OptedOut {
			continue
		}
		m, err := s.messages.ClaimMessage(ctx, domain.SMSMessage{
			ID:       "msg_" + ulid.Make().String(),
			BatchID:  job.BatchID,
			EventID:  job.EventID,
			GuestID:  g.ID,
			Template: job.Template,
			To:       g.Phone,
			Body:     body,
		})
		if err != nil {
			return sent, err
		}
		if m.Status != domain.SMSQueued {
			continue
		}
		sid, err := s.sms.Send(ctx, ports.OutboundSMS{To: m.To, Body: m.Body}, ports.WithIdempotencyKey(m.ID))
		if err != nil {
			return sent, fmt.Errorf("send to guest %s: %w", g.ID, err)
		}
		if err := s.messages.MarkSent(ctx, m.ID, sid, s.clock.Now()); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}

// PlanEventDay queues the morning-of text for every event happening on day.
func (s *MessagingService) PlanEventDay(ctx context.Context, day time.Time) (int, error) {
	events, err := s.events.ListOnDate(ctx, day)
	if err != nil {
		return 0, err
	}
	sendAt := time.Date(day.Year(), day.Month(), day.Day(), 9, 0, 0, 0, time.UTC)
	for _, ev := range events {
		err := s.queue.Enqueue(ctx, ports.GuestMessageBatchJob{
			EventID:  ev.ID,
			BatchID:  fmt.Sprintf("eventday_%s_%s", ev.ID, day.Format("20060102")),
			Template: "event_day",
		}, ports.UniqueByArgs(), ports.RunAt(sendAt))
		if err != nil {
			return 0, err
		}
	}
	return len(events), nil
}

// RecordDelivery stores a delivery receipt from the SMS provider.
func (s *MessagingService) RecordDelivery(ctx context.Context, r domain.DeliveryReceipt) error {
	if r.ProviderMessageID == "" {
		return domain.Invalid("MessageSid", "required")
	}
	if err := s.messages.InsertReceipt(ctx, r); err != nil {
		return err
	}
	var status domain.SMSStatus
	switch r.Status {
	case "delivered":
		status = domain.SMSDelivered
	case "failed", "undelivered":
		status = domain.SMSFailed
	default:
		return nil
	}
	return s.messages.UpdateStatusByProviderID(ctx, r.ProviderMessageID, status)
}

// RecordInbound handles replies from guests; opt-out keywords are honoured.
func (s *MessagingService) RecordInbound(ctx context.Context, m domain.InboundSMS) error {
	kw, ok := m.IsOptOut()
	if !ok {
		s.log.Info("inbound sms", zap.String("from", m.From))
		return nil
	}
	return s.messages.RecordOptOut(ctx, m.From, kw)
}
