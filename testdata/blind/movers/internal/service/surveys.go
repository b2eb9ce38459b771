package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/provider/sms"
	"github.com/haulright/movers/internal/repository"
)

type ScheduleSurveyInput struct {
	CustomerID  uuid.UUID
	Address     string
	ScheduledAt time.Time
	Kind        string
}

type SurveyService interface {
	Schedule(ctx context.Context, in ScheduleSurveyInput) (*domain.Survey, error)
	SendReminder(ctx context.Context, surveyID uuid.UUID, reminder string) error
	QueueDueReminders(ctx context.Context, now time.Time) (int, error)
}

// reminderWindows maps a reminder name to how long before the survey it goes out.
var reminderWindows = map[string]time.Duration{
	"24h": 24 * time.Hour,
	"2h":  2 * time.Hour,
}

type surveyService struct {
	db        *gorm.DB
	surveys   repository.SurveyRepository
	customers repository.CustomerRepository
	notes     repository.NotificationRepository
	sms       sms.Sender
	jobs      jobs.Enqueuer
	sweep     time.Duration
	log       *slog.Logger
}

func NewSurveyService(
	db *gorm.DB,
	surveys repository.SurveyRepository,
	customers repository.CustomerRepository,
	notes repository.NotificationRepository,
	sender sms.Sender,
	q jobs.Enqueuer,
	sweep time.Duration,
	log *slog.Logger,
) SurveyService {
	return &surveyService{db: db, surveys: surveys, customers: customers, notes: notes,
		sms: sender, jobs: q, sweep: sweep, log: log}
}

func (s *surveyService) Schedule(ctx context.Context, in ScheduleSurveyInput) (*domain.Survey, error) {
	if in.Address == "" {
		return nil, invalid("address is required")
	}
	if in.ScheduledAt.Before(time.Now().Add(2 * time.Hour)) {
		return nil, invalid("surveys must be booked at least two hours ahead")
	}
	if in.Kind == "" {
		in.Kind = "in_home"
	}
	cust, err := s.customers.Get(ctx, in.CustomerID)
	if err != nil {
		return nil, notFound(err, "customer")
	}
	survey := &domain.Survey{
		ID:          uuid.New(),
		CustomerID:  cust.ID,
		Address:     in.Address,
		ScheduledAt: in.ScheduledAt.UTC(),
		Kind:        in.Kind,
		Status:      "scheduled",
		CreatedAt:   time.Now().UTC(),
	}
	var staged []*domain.Notification
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.surveys.WithTx(tx).Create(ctx, survey); err != nil {
			return err
		}
		staged, err = stage(ctx, s.notes.WithTx(tx), outboxMessage{
			Channel: domain.ChannelSMS, Template: "survey_booked",
			To: cust.Phone, Body: surveyBookedSMS(survey), Key: survey.ID.String(),
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	dispatch(ctx, s.jobs, s.log, staged)
	return survey, nil
}

func (s *surveyService) SendReminder(ctx context.Context, surveyID uuid.UUID, reminder string) error {
	if _, ok := reminderWindows[reminder]; !ok {
		return fmt.Errorf("unknown reminder %q: %w", reminder, asynq.SkipRetry)
	}
	sv, err := s.surveys.Get(ctx, surveyID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if sv.Status != "scheduled" {
		return nil
	}
	rem, err := s.surveys.EnsureReminder(ctx, sv.ID, reminder)
	if err != nil {
		return err
	}
	if rem.Status == "sent" {
		return nil
	}
	cust, err := s.customers.Get(ctx, sv.CustomerID)
	if err != nil {
		return err
	}
	res, err := s.sms.Send(ctx, sms.Message{
		To:   cust.Phone,
		Body: surveyReminderSMS(sv, reminder),
	})
	if err != nil {
		return fmt.Errorf("survey reminder: %w", err)
	}
	return s.surveys.MarkReminderSent(ctx, sv.ID, reminder, res.MessageID)
}

// QueueDueReminders finds surveys entering a reminder window during the next
// sweep interval and queues one task per survey and window.
func (s *surveyService) QueueDueReminders(ctx context.Context, now time.Time) (int, error) {
	queued := 0
	for name, lead := range reminderWindows {
		from := now.Add(lead)
		due, err := s.surveys.Due(ctx, from, from.Add(s.sweep))
		if err != nil {
			return queued, err
		}
		for _, d := range due {
			sendAt := d.ScheduledAt.Add(-lead)
			err := s.jobs.Enqueue(ctx, jobs.TypeSurveyReminder,
				jobs.SurveyReminderPayload{SurveyID: d.SurveyID, Reminder: name},
				asynq.TaskID(fmt.Sprintf("survey-reminder-%s-%s", d.SurveyID, name)),
				asynq.ProcessAt(sendAt), asynq.Queue(jobs.QueueNotify))
			if err != nil {
				return queued, err
			}
			queued++
		}
	}
	return queued, nil
}
