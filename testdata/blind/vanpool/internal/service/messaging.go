package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/jobs/jobargs"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/provider/sms"
)

// Messaging covers ride reminders and coordinator broadcasts.
type Messaging interface {
	ScheduleReminder(ctx context.Context, vanpoolID uuid.UUID, in ReminderInput) (*ScheduledReminder, error)
	DeliverReminder(ctx context.Context, jobID int64, args jobargs.RideReminder) (DeliverySummary, error)
	SendToRiders(ctx context.Context, vanpoolID uuid.UUID, body string) (DeliverySummary, error)
	RecordBroadcast(ctx context.Context, b domain.Broadcast) error
}

// ReminderInput schedules a reminder text.
type ReminderInput struct {
	RideDate string    `json:"ride_date"`
	SendAt   time.Time `json:"send_at"`
	Message  string    `json:"message"`
}

// ScheduledReminder is the queued job.
type ScheduledReminder struct {
	JobID     int64     `json:"job_id"`
	VanpoolID uuid.UUID `json:"vanpool_id"`
	SendAt    time.Time `json:"send_at"`
	Duplicate bool      `json:"duplicate"`
}

// DeliverySummary counts texts.
type DeliverySummary struct {
	Recipients int `json:"recipients"`
	Sent       int `json:"sent"`
	Failed     int `json:"failed"`
	Skipped    int `json:"skipped"`
}

const maxSMSBody = 320

// MessagingService implements Messaging.
type MessagingService struct {
	pool     db.Querier
	store    MessagingStore
	members  MemberStore
	vanpools VanpoolStore
	sms      SMSGateway
	jobs     JobQueue
	log      *slog.Logger
	now      Clock
}

// NewMessagingService wires a MessagingService.
func NewMessagingService(pool db.Querier, store MessagingStore, members MemberStore, vanpools VanpoolStore,
	sg SMSGateway, jobs JobQueue, log *slog.Logger,
) *MessagingService {
	return &MessagingService{
		pool: pool, store: store, members: members, vanpools: vanpools, sms: sg, jobs: jobs,
		log: log.With("service", "messaging"), now: SystemClock(),
	}
}

// ScheduleReminder queues a reminder for a ride. River drops a second job with
// identical args inside the uniqueness window.
func (s *MessagingService) ScheduleReminder(ctx context.Context, vanpoolID uuid.UUID, in ReminderInput) (*ScheduledReminder, error) {
	rideDate, err := time.Parse(time.DateOnly, in.RideDate)
	if err != nil {
		return nil, fmt.Errorf("%w: ride_date: %v", domain.ErrValidation, err)
	}
	msg := strings.TrimSpace(in.Message)
	if msg == "" || len(msg) > maxSMSBody {
		return nil, fmt.Errorf("%w: message must be 1-%d characters", domain.ErrValidation, maxSMSBody)
	}
	sendAt := in.SendAt
	if sendAt.IsZero() {
		// Default: 6pm the evening before.
		sendAt = rideDate.Add(-6 * time.Hour)
	}
	if sendAt.Before(s.now()) {
		return nil, fmt.Errorf("%w: send_at is in the past", domain.ErrValidation)
	}
	if _, err := s.vanpools.Get(ctx, s.pool, vanpoolID); err != nil {
		return nil, err
	}

	args := jobargs.RideReminder{
		VanpoolID: vanpoolID,
		RideDate:  rideDate,
		Message:   msg,
		RequestID: uuid.NewString(),
	}
	res, err := s.jobs.Insert(ctx, args, &river.InsertOpts{
		ScheduledAt: sendAt,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByPeriod: 24 * time.Hour},
	})
	if err != nil {
		return nil, fmt.Errorf("enqueue reminder: %w", err)
	}
	return &ScheduledReminder{JobID: res.Job.ID, VanpoolID: vanpoolID, SendAt: sendAt, Duplicate: res.UniqueSkippedAsDuplicate}, nil
}

// DeliverReminder texts each active rider once per job. The delivery row is
// claimed before the text goes out, so a retried job skips riders it already
// handled.
func (s *MessagingService) DeliverReminder(ctx context.Context, jobID int64, args jobargs.RideReminder) (DeliverySummary, error) {
	var sum DeliverySummary
	recipients, err := s.members.RecipientsForVanpool(ctx, s.pool, args.VanpoolID)
	if err != nil {
		return sum, err
	}
	sum.Recipients = len(recipients)
	for _, r := range recipients {
		claimed, err := s.store.ClaimDelivery(ctx, s.pool, jobID, r.MemberID, args.VanpoolID, args.RideDate)
		if err != nil {
			return sum, err
		}
		if !claimed {
			sum.Skipped++
			continue
		}
		res, err := s.sms.Send(ctx, sms.Message{To: r.PhoneE164, Body: args.Message, Tag: "ride-reminder"})
		status, providerID := "sent", ""
		if err != nil {
			status = "failed"
			sum.Failed++
			s.log.Warn("reminder not sent", "member", r.MemberID, "err", err)
		} else {
			providerID = res.MessageID
			sum.Sent++
		}
		if err := s.store.FinishDelivery(ctx, s.pool, jobID, r.MemberID, status, providerID); err != nil {
			return sum, err
		}
	}
	return sum, nil
}

// SendToRiders texts every active rider of a van right now.
func (s *MessagingService) SendToRiders(ctx context.Context, vanpoolID uuid.UUID, body string) (DeliverySummary, error) {
	var sum DeliverySummary
	body = strings.TrimSpace(body)
	if body == "" || len(body) > maxSMSBody {
		return sum, fmt.Errorf("%w: body must be 1-%d characters", domain.ErrValidation, maxSMSBody)
	}
	recipients, err := s.members.RecipientsForVanpool(ctx, s.pool, vanpoolID)
	if err != nil {
		return sum, err
	}
	sum.Recipients = len(recipients)
	for _, r := range recipients {
		if _, err := s.sms.Send(ctx, sms.Message{To: r.PhoneE164, Body: body, Tag: "broadcast"}); err != nil {
			sum.Failed++
			s.log.Warn("broadcast text failed", "member", r.MemberID, "err", err)
			continue
		}
		sum.Sent++
	}
	return sum, nil
}

// RecordBroadcast keeps a copy of a broadcast for the van's history.
func (s *MessagingService) RecordBroadcast(ctx context.Context, b domain.Broadcast) error {
	return s.store.InsertBroadcast(ctx, s.pool, b)
}
