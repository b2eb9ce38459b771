package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/fieldday/leagues/internal/platform/ids"
	"github.com/fieldday/leagues/internal/platform/retryx"
	"github.com/fieldday/leagues/internal/provider/sms"
	"github.com/fieldday/leagues/internal/store"
)

// NotificationManager implements NotificationService.
type NotificationManager struct {
	uow        store.UnitOfWork
	regs       store.RegistrationRepo
	seasons    store.SeasonRepo
	households store.HouseholdRepo
	children   store.ChildRepo
	intents    store.PaymentIntentRepo
	outbox     store.OutboxRepo
	reminders  store.ReminderLogRepo
	sender     SMSSender
	texter     Texter
	jobs       Jobs
	linkBase   string
	now        func() time.Time
}

// NewNotificationManager builds the service.
func NewNotificationManager(
	uow store.UnitOfWork,
	regs store.RegistrationRepo,
	seasons store.SeasonRepo,
	households store.HouseholdRepo,
	children store.ChildRepo,
	intents store.PaymentIntentRepo,
	outbox store.OutboxRepo,
	reminders store.ReminderLogRepo,
	sender SMSSender,
	texter Texter,
	jobs Jobs,
	cfg WaitlistConfig,
) *NotificationManager {
	return &NotificationManager{
		uow: uow, regs: regs, seasons: seasons, households: households, children: children,
		intents: intents, outbox: outbox, reminders: reminders, sender: sender, texter: texter,
		jobs: jobs, linkBase: cfg.LinkBase, now: time.Now,
	}
}

// ScheduleReminderBlast fans a coordinator's message out to every family
// with an active registration in the season, one task per registration.
func (s *NotificationManager) ScheduleReminderBlast(ctx context.Context, seasonID string, in BlastInput) (int, error) {
	msg := strings.TrimSpace(in.Message)
	if msg == "" || len(msg) > 480 {
		return 0, invalid("message", "must be 1-480 characters")
	}
	sendOn := in.SendOn
	if sendOn == "" {
		sendOn = s.now().Format(time.DateOnly)
	} else if _, err := time.Parse(time.DateOnly, sendOn); err != nil {
		return 0, invalid("send_on", "must be YYYY-MM-DD")
	}
	if _, err := s.seasons.Get(ctx, seasonID); err != nil {
		return 0, notFound(err)
	}
	regs, err := s.regs.ListActiveBySeason(ctx, seasonID)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, r := range regs {
		if err := s.jobs.EnqueueReminder(ctx, ReminderJob{
			SeasonID:       seasonID,
			RegistrationID: r.ID,
			Message:        msg,
			SendOn:         sendOn,
		}); err != nil {
			return n, fmt.Errorf("enqueue reminder %d/%d: %w", n+1, len(regs), err)
		}
		n++
	}
	return n, nil
}

// SendReminder texts one family from a reminder blast and logs it.
func (s *NotificationManager) SendReminder(ctx context.Context, taskID string, job ReminderJob) error {
	reg, err := s.regs.Get(ctx, job.RegistrationID)
	if err != nil {
		return notFound(err)
	}
	if !reg.Active() {
		return nil
	}
	hh, err := s.households.Get(ctx, reg.HouseholdID)
	if err != nil {
		return err
	}
	if !hh.SMSOptIn {
		return nil
	}
	body := "FieldDay: " + job.Message + " Reply STOP to opt out."
	sent, err := retryx.DoWith(ctx, retryx.Background, "sms.send", func(ctx context.Context) (*sms.Sent, error) {
		return s.sender.Send(ctx, sms.Message{To: hh.Phone, Body: body})
	})
	if err != nil {
		if errors.Is(err, sms.ErrInvalidNumber) {
			slog.WarnContext(ctx, "reminder: invalid number", "household_id", hh.ID)
			return nil
		}
		return err
	}
	return s.reminders.Append(ctx, &store.ReminderLog{
		ID:                ids.NewXID(),
		TaskID:            taskID,
		SeasonID:          job.SeasonID,
		RegistrationID:    reg.ID,
		ToPhone:           hh.Phone,
		ProviderMessageID: sent.ID,
		SentAt:            s.now().UTC(),
	})
}

// SweepPaymentDue queues a payment-due text for every registration with a
// balance whose due date falls in the next three days.
func (s *NotificationManager) SweepPaymentDue(ctx context.Context, asOf time.Time) (int, error) {
	regs, err := s.regs.ListWithBalanceDue(ctx, asOf.Add(72*time.Hour))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, r := range regs {
		due := r.PaymentDueAt.UTC().Format(time.DateOnly)
		if err := s.jobs.EnqueuePaymentDue(ctx, r.ID, due); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// SendPaymentDue stores and delivers one payment-due text. The outbox row is
// keyed on (registration, due date).
func (s *NotificationManager) SendPaymentDue(ctx context.Context, registrationID, dueDate string) error {
	reg, err := s.regs.Get(ctx, registrationID)
	if err != nil {
		return notFound(err)
	}
	if !reg.Active() || reg.BalanceCents <= 0 {
		return nil
	}
	season, err := s.seasons.Get(ctx, reg.SeasonID)
	if err != nil {
		return err
	}
	child, err := s.children.Get(ctx, reg.ChildID)
	if err != nil {
		return err
	}
	return s.queueAndDeliver(ctx, reg, "payment_due", "paydue:"+reg.ID+":"+dueDate, map[string]any{
		"Amount":         formatCents(reg.BalanceCents, season.Currency),
		"DueDate":        dueDate,
		"ChildFirstName": child.FirstName,
		"SeasonName":     season.Name,
		"Link":           s.linkBase + "/registrations/" + reg.ID + "/pay",
	})
}

// SendReceipt stores and delivers the receipt for one captured intent.
func (s *NotificationManager) SendReceipt(ctx context.Context, registrationID, intentID string) error {
	reg, err := s.regs.Get(ctx, registrationID)
	if err != nil {
		return notFound(err)
	}
	intent, err := s.intents.Get(ctx, intentID)
	if err != nil {
		return notFound(err)
	}
	season, err := s.seasons.Get(ctx, reg.SeasonID)
	if err != nil {
		return err
	}
	child, err := s.children.Get(ctx, reg.ChildID)
	if err != nil {
		return err
	}
	return s.queueAndDeliver(ctx, reg, "receipt", "receipt:"+intent.ID, map[string]any{
		"Amount":         formatCents(intent.AmountCents, intent.Currency),
		"ChildFirstName": child.FirstName,
		"SeasonName":     season.Name,
	})
}

func (s *NotificationManager) queueAndDeliver(ctx context.Context, reg *store.Registration, template, dedupKey string, data map[string]any) error {
	hh, err := s.households.Get(ctx, reg.HouseholdID)
	if err != nil {
		return err
	}
	if !hh.SMSOptIn {
		return nil
	}
	body, err := s.texter.Render(template, data)
	if err != nil {
		return err
	}
	regID := reg.ID
	if _, err := s.outbox.CreateIfAbsent(ctx, &store.SMSOutbox{
		ID:             ids.Prefixed("sms", "outbox", dedupKey),
		DedupKey:       dedupKey,
		RegistrationID: &regID,
		ToPhone:        hh.Phone,
		Template:       template,
		Body:           body,
		Status:         "queued",
	}); err != nil {
		return err
	}
	msg, err := s.outbox.GetByDedupKey(ctx, dedupKey)
	if err != nil {
		return err
	}
	return s.DeliverOutbox(ctx, msg.ID)
}

// DeliverOutbox sends a queued outbox text. The outbox row ID is the
// gateway's client_ref, so a resend after a lost response is not delivered
// twice.
func (s *NotificationManager) DeliverOutbox(ctx context.Context, outboxID string) error {
	msg, err := s.outbox.Get(ctx, outboxID)
	if err != nil {
		return notFound(err)
	}
	if msg.Status != "queued" {
		return nil
	}
	sent, err := retryx.DoWith(ctx, retryx.Background, "sms.send", func(ctx context.Context) (*sms.Sent, error) {
		return s.sender.Send(ctx, sms.Message{To: msg.ToPhone, Body: msg.Body, ClientRef: msg.ID})
	})
	if err != nil {
		if markErr := s.outbox.MarkAttemptFailed(ctx, msg.ID, err.Error()); markErr != nil {
			slog.WarnContext(ctx, "outbox: record failure", "id", msg.ID, "err", markErr)
		}
		if errors.Is(err, sms.ErrInvalidNumber) {
			return nil
		}
		return err
	}
	return s.outbox.MarkSent(ctx, msg.ID, sent.ID)
}

// HandleStatusCallback applies a delivery receipt. The receipt row and the
// outbox status change commit together, keyed on (message, status).
func (s *NotificationManager) HandleStatusCallback(ctx context.Context, cb sms.StatusCallback) error {
	if cb.MessageID == "" || cb.Status == "" {
		return invalid("message_id", "message_id and status are required")
	}
	occurred, err := time.Parse(time.RFC3339, cb.OccurredAt)
	if err != nil {
		occurred = s.now().UTC()
	}
	return s.uow.Do(ctx, func(ctx context.Context, tx store.Tx) error {
		inserted, err := tx.StatusEvents.InsertIgnore(ctx, &store.SMSStatusEvent{
			ProviderMessageID: cb.MessageID,
			Status:            cb.Status,
			ErrorCode:         cb.ErrorCode,
			OccurredAt:        occurred,
		})
		if err != nil || !inserted {
			return err
		}
		return tx.Outbox.ApplyDeliveryStatus(ctx, cb.MessageID, cb.Status)
	})
}
