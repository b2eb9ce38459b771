package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

type Notifications struct {
	repos  ports.Repos
	mailer ports.Mailer
	clock  ports.Clock
	appURL string
	log    *slog.Logger
}

// AppURL is the public base URL used in email links.
type AppURL string

func NewNotifications(repos ports.Repos, mailer ports.Mailer, clock ports.Clock, appURL AppURL, log *slog.Logger) *Notifications {
	return &Notifications{repos: repos, mailer: mailer, clock: clock, appURL: string(appURL), log: log.With("svc", "notifications")}
}

// Deliver sends one outbox notification and marks it sent. Notifications
// that were already sent are skipped.
func (s *Notifications) Deliver(ctx context.Context, notificationID string) error {
	n, err := s.repos.Notifications().Get(ctx, notificationID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if n.SentAt != nil {
		return nil
	}
	data := map[string]string{"app_url": s.appURL}
	for k, v := range n.Data {
		data[k] = v
	}
	msgID, err := s.mailer.Send(ctx, ports.Email{
		To:       n.Recipient,
		Subject:  n.Subject,
		Template: string(n.Template),
		Data:     data,
		Tags:     []string{string(n.Template)},
	}, ports.WithIdempotency("notification-"+n.ID))
	if err != nil {
		return fmt.Errorf("deliver notification %s: %w", n.ID, err)
	}
	return s.repos.Notifications().MarkSent(ctx, n.ID, msgID, s.clock.Now())
}

// SendReminder emails one backer that the campaign ends soon. attemptKey
// is stable for the job that carries the reminder.
func (s *Notifications) SendReminder(ctx context.Context, args ports.SendReminderArgs, attemptKey string) error {
	c, err := s.repos.Campaigns().Get(ctx, args.CampaignID)
	if err != nil {
		return err
	}
	if !c.IsLive() {
		return nil
	}
	_, err = s.mailer.Send(ctx, ports.Email{
		To:       args.Email,
		Subject:  fmt.Sprintf("%s ends in 48 hours", c.Title),
		Template: string(domain.TplEndingSoon),
		Data: map[string]string{
			"campaign": c.Title,
			"deadline": c.Deadline.Format(time.RFC1123),
			"url":      fmt.Sprintf("%s/campaigns/%s", s.appURL, c.ID),
		},
		Tags: []string{string(domain.TplEndingSoon)},
	}, ports.WithIdempotency(attemptKey))
	return err
}

// QueueEndingSoon runs hourly and queues a reminder to every backer of each
// campaign whose deadline falls 47 to 48 hours from now.
func (s *Notifications) QueueEndingSoon(ctx context.Context, now time.Time) (int, error) {
	from := now.Add(47 * time.Hour)
	campaigns, err := s.repos.Campaigns().ListLiveEndingBetween(ctx, from, from.Add(time.Hour))
	if err != nil {
		return 0, err
	}
	sweep := fmt.Sprintf("sweep-%d", now.UnixNano())
	var queued int
	for _, c := range campaigns {
		contacts, err := s.repos.Backers().EmailsForCampaign(ctx, c.ID)
		if err != nil {
			return queued, err
		}
		for _, b := range contacts {
			err := s.repos.Jobs().Enqueue(ctx, ports.SendReminderArgs{
				CampaignID: c.ID,
				PledgeID:   b.PledgeID,
				Email:      b.Email,
				Sweep:      sweep,
			}, ports.UniqueByArgs())
			if err != nil {
				return queued, err
			}
			queued++
		}
	}
	s.log.InfoContext(ctx, "ending-soon reminders queued", "sweep", sweep, "campaigns", len(campaigns), "queued", queued)
	return queued, nil
}
