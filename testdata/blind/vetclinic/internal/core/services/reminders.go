package services

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/core/jobargs"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/ids"
)

// ReminderWindow is how far ahead of an appointment a reminder of a kind
// goes out.
type ReminderWindow struct {
	Kind string
	Lead time.Duration
}

var DefaultReminderWindows = []ReminderWindow{
	{Kind: "day_before", Lead: 24 * time.Hour},
	{Kind: "same_day", Lead: 3 * time.Hour},
}

type ReminderService struct {
	appts     ports.AppointmentRepository
	reminders ports.ReminderRepository
	owners    ports.OwnerRepository
	pets      ports.PetRepository
	clinics   ports.ClinicRepository
	sms       ports.SMSSender
	queue     ports.JobQueue
	windows   []ReminderWindow
	horizon   time.Duration
	log       *slog.Logger
	now       func() time.Time
}

func NewReminderService(
	appts ports.AppointmentRepository,
	reminders ports.ReminderRepository,
	owners ports.OwnerRepository,
	pets ports.PetRepository,
	clinics ports.ClinicRepository,
	sms ports.SMSSender,
	queue ports.JobQueue,
	settings Settings,
) *ReminderService {
	return &ReminderService{
		appts: appts, reminders: reminders, owners: owners, pets: pets, clinics: clinics,
		sms: sms, queue: queue,
		windows: DefaultReminderWindows,
		horizon: 30 * time.Minute,
		log:     settings.logger(), now: settings.clock(),
	}
}

// ScanDue queues a reminder job for every appointment entering one of the
// reminder windows. Scans overlap; the job's unique args collapse repeats.
func (s *ReminderService) ScanDue(ctx context.Context) (int, error) {
	const op errs.Op = "reminders.ScanDue"
	now := s.now()
	queued := 0
	for _, w := range s.windows {
		due, err := s.appts.DueForReminder(ctx, w.Kind, now.Add(w.Lead-s.horizon), now.Add(w.Lead))
		if err != nil {
			return queued, errs.Wrap(op, err)
		}
		for _, d := range due {
			err := s.queue.Enqueue(ctx, jobargs.SendReminder{AppointmentID: d.AppointmentID, ReminderKind: w.Kind},
				ports.InQueue(jobargs.QueueMessaging), ports.UniqueByArgs(0))
			if err != nil {
				return queued, errs.Wrap(op, err)
			}
			queued++
		}
	}
	return queued, nil
}

type reminderContext struct {
	appt   domain.Appointment
	owner  domain.Owner
	pet    domain.Pet
	clinic domain.Clinic
}

func (s *ReminderService) load(ctx context.Context, appointmentID string) (reminderContext, error) {
	var rc reminderContext
	var err error
	if rc.appt, err = s.appts.Get(ctx, appointmentID); err != nil {
		return rc, err
	}
	if rc.owner, err = s.owners.Get(ctx, rc.appt.OwnerID); err != nil {
		return rc, err
	}
	if rc.pet, err = s.pets.Get(ctx, rc.appt.PetID); err != nil {
		return rc, err
	}
	rc.clinic, err = s.clinics.Get(ctx, rc.appt.ClinicID)
	return rc, err
}

// Send delivers one appointment reminder by SMS.
func (s *ReminderService) Send(ctx context.Context, appointmentID, kind string) error {
	const op errs.Op = "reminders.Send"
	rc, err := s.load(ctx, appointmentID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	if rc.appt.Status != domain.AppointmentBooked || !rc.owner.SMSOptIn || rc.owner.Phone == "" {
		return nil
	}
	rem, err := s.reminders.Claim(ctx, domain.Reminder{
		ID:            ids.New(),
		AppointmentID: rc.appt.ID,
		Kind:          kind,
		Channel:       "sms",
		Status:        "pending",
	})
	if err != nil {
		return errs.Wrap(op, err)
	}
	switch rem.Status {
	case "sent", "delivered", "undelivered":
		return nil
	}
	local := rc.appt.StartsAt.In(rc.clinic.Location())
	rcpt, err := s.sms.Send(ctx, ports.SMS{
		To: rc.owner.Phone,
		Body: fmt.Sprintf("Reminder: %s has an appointment at %s on %s at %s. Reply C to confirm.",
			rc.pet.Name, rc.clinic.Name, local.Format("Mon Jan 2"), local.Format("3:04 PM")),
		Tags: []string{"reminder", kind},
	})
	if err != nil {
		if errs.Is(errs.Invalid, err) {
			return errs.Wrap(op, s.reminders.MarkFailed(ctx, rem.ID, err.Error()))
		}
		return errs.Wrap(op, err)
	}
	return errs.Wrap(op, s.reminders.MarkSent(ctx, rem.ID, rcpt.MessageID, s.now()))
}

// SendRescheduleNotice tells the owner about a moved appointment. Notices
// for a time that has since changed again are dropped.
func (s *ReminderService) SendRescheduleNotice(ctx context.Context, job jobargs.RescheduleNotice) error {
	const op errs.Op = "reminders.SendRescheduleNotice"
	rc, err := s.load(ctx, job.AppointmentID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	if rc.appt.Status != domain.AppointmentBooked || !rc.appt.StartsAt.Equal(job.StartsAt) {
		return nil
	}
	if !rc.owner.SMSOptIn || rc.owner.Phone == "" {
		return nil
	}
	local := rc.appt.StartsAt.In(rc.clinic.Location())
	_, err = s.sms.Send(ctx, ports.SMS{
		To: rc.owner.Phone,
		Body: fmt.Sprintf("%s's appointment at %s has moved to %s at %s.",
			rc.pet.Name, rc.clinic.Name, local.Format("Mon Jan 2"), local.Format("3:04 PM")),
		ClientRef: "resched-" + job.AppointmentID + "-" + job.CorrelationID,
		Tags:      []string{"reschedule"},
	})
	return errs.Wrap(op, err)
}

// ApplyDeliveryStatus records a delivery receipt from the SMS provider.
func (s *ReminderService) ApplyDeliveryStatus(ctx context.Context, messageID, status string, at time.Time) error {
	const op errs.Op = "reminders.ApplyDeliveryStatus"
	if messageID == "" {
		return errs.E(op, errs.Invalid, "message_id is required")
	}
	found, err := s.reminders.ApplyDeliveryStatus(ctx, messageID, status, at)
	if err == nil && !found {
		s.log.DebugContext(ctx, "delivery receipt for a non-reminder message", "message_id", messageID)
	}
	return errs.Wrap(op, err)
}
