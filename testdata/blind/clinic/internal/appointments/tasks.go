package appointments

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hibiken/asynq"

	"github.com/acme/clinic/internal/patients"
	"github.com/acme/clinic/internal/platform/events"
	"github.com/acme/clinic/internal/platform/ids"
	"github.com/acme/clinic/internal/platform/jobs"
	"github.com/acme/clinic/internal/provider/sms"
)

// Texter sends a text message and returns the provider's message id.
type Texter interface {
	Send(ctx context.Context, to, body string) (string, error)
}

type Tasks struct {
	repo     Repository
	log      MessageLog
	patients patients.Directory
	sms      Texter
	logger   *slog.Logger
}

func NewTasks(repo Repository, ml MessageLog, dir patients.Directory, sms Texter, logger *slog.Logger) *Tasks {
	return &Tasks{repo: repo, log: ml, patients: dir, sms: sms, logger: logger}
}

func (t *Tasks) Handlers() []jobs.TaskHandler {
	return []jobs.TaskHandler{
		{Type: jobs.TypeReminderSMS, Fn: t.sendReminder},
		{Type: jobs.TypeNoShowFollowUp, Fn: t.sendNoShowFollowUp},
	}
}

const reminderKind = "24h"

// sendReminder texts the patient the day before the visit.
func (t *Tasks) sendReminder(ctx context.Context, task *asynq.Task) error {
	p, err := jobs.Decode[jobs.AppointmentPayload](task)
	if err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	a, err := t.repo.Get(ctx, p.AppointmentID)
	if err != nil {
		return err
	}
	if !a.Active() {
		return nil
	}
	sent, err := t.log.WasSent(ctx, a.ID, reminderKind)
	if err != nil || sent {
		return err
	}
	contact, err := t.patients.Contact(ctx, a.PatientID)
	if err != nil {
		return err
	}
	msgID, err := t.sms.Send(ctx, contact.Phone, reminderText(contact.FullName, a.SlotStart))
	if err != nil {
		return err
	}
	return t.log.MarkSent(ctx, a.ID, reminderKind, msgID)
}

// sendNoShowFollowUp texts the patient after a missed visit. The intent row
// is committed before the provider call, so a retry never sends twice; an
// ambiguous failure leaves the row in 'sending' for support to review.
func (t *Tasks) sendNoShowFollowUp(ctx context.Context, task *asynq.Task) error {
	p, err := jobs.Decode[jobs.AppointmentPayload](task)
	if err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	a, err := t.repo.Get(ctx, p.AppointmentID)
	if err != nil {
		return err
	}
	if a.Status != StatusNoShow {
		return nil
	}
	contact, err := t.patients.Contact(ctx, a.PatientID)
	if err != nil {
		return err
	}
	outboxID, ok, err := t.log.Reserve(ctx, a.ID, "no_show_followup")
	if err != nil || !ok {
		return err
	}
	msgID, err := t.sms.Send(ctx, contact.Phone, noShowText(contact.FullName))
	switch {
	case err == nil:
		return t.log.Complete(ctx, outboxID, msgID)
	case sms.IsRejected(err):
		// The provider refused the message outright, nothing was sent.
		if relErr := t.log.Release(ctx, outboxID); relErr != nil {
			t.logger.WarnContext(ctx, "release sms intent", "err", relErr)
		}
		return err
	default:
		t.logger.WarnContext(ctx, "no-show follow-up outcome unknown", "outbox_id", outboxID, "err", err)
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
}

func reminderText(name string, at time.Time) string {
	return fmt.Sprintf("Hi %s, a reminder of your video visit on %s. Reply C to cancel.",
		name, at.Format("Mon Jan 2 at 3:04 PM MST"))
}

func noShowText(name string) string {
	return fmt.Sprintf("Hi %s, we missed you today. Book a new time in the app whenever suits you.", name)
}

// Subscribers reacts to appointment domain events.
type Subscribers struct {
	jobs jobs.Enqueuer
	now  func() time.Time
}

func NewSubscribers(enq jobs.Enqueuer) *Subscribers {
	return &Subscribers{jobs: enq, now: time.Now}
}

func (s *Subscribers) Subscriptions() []events.Subscription {
	return []events.Subscription{
		{Name: "appointments.schedule-reminder", Topic: events.TopicAppointmentBooked, Handle: s.scheduleReminder},
	}
}

// scheduleReminder queues the 24h reminder. The task id is derived from the
// appointment, so redeliveries collapse onto the same task.
func (s *Subscribers) scheduleReminder(msg *message.Message) error {
	ev, err := events.Decode[events.AppointmentBooked](msg.Payload)
	if err != nil {
		return fmt.Errorf("decode %s: %w", msg.UUID, err)
	}
	at := ev.SlotStart.Add(-24 * time.Hour)
	if at.Before(s.now()) {
		at = s.now()
	}
	task, err := jobs.NewTask(jobs.TypeReminderSMS, jobs.AppointmentPayload{AppointmentID: ev.AppointmentID})
	if err != nil {
		return err
	}
	return jobs.EnqueueOnce(msg.Context(), s.jobs, task,
		asynq.TaskID(ids.Derive("reminder", ev.AppointmentID, reminderKind)),
		asynq.ProcessAt(at),
		asynq.MaxRetry(5),
	)
}
