package reminders

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/platform/ids"
	"github.com/brightsmile-dental/practiceops/internal/platform/jobqueue"
	"github.com/brightsmile-dental/practiceops/internal/providers/sms"
)

// ReminderSender handles sms.reminder jobs.
type ReminderSender struct {
	appointments *database.Repository[models.Appointment]
	patients     *database.Repository[models.Patient]
	practices    *database.Repository[models.Practice]
	sends        *database.Repository[models.ReminderSend]
	sms          sms.Sender
	render       func(kind string, p models.Practice, a models.Appointment, loc *time.Location) string
}

// NewReminderSender wires the reminder job handler.
func NewReminderSender(db *gorm.DB, sender sms.Sender) *ReminderSender {
	return &ReminderSender{
		appointments: database.NewRepository[models.Appointment](db),
		patients:     database.NewRepository[models.Patient](db),
		practices:    database.NewRepository[models.Practice](db),
		sends:        database.NewRepository[models.ReminderSend](db),
		sms:          sender,
		render:       renderReminder,
	}
}

// Handle sends one reminder text.
func (h *ReminderSender) Handle(ctx context.Context, job jobqueue.Job) error {
	var p ReminderPayload
	if err := job.Decode(&p); err != nil {
		return fmt.Errorf("%w: %v", jobqueue.ErrPermanent, err)
	}
	appt, err := h.appointments.Get(ctx, p.AppointmentID)
	if err != nil {
		return err
	}
	if appt.Status != models.AppointmentBooked {
		return nil
	}
	patient, err := h.patients.Get(ctx, appt.PatientID)
	if err != nil {
		return err
	}
	if !patient.SMSOptIn {
		return nil
	}
	practice, err := h.practices.Get(ctx, appt.PracticeID)
	if err != nil {
		return err
	}
	loc, err := time.LoadLocation(practice.Timezone)
	if err != nil {
		loc = time.UTC
	}

	res, err := h.sms.Send(ctx, sms.Message{
		To:             patient.PhoneE164,
		From:           practice.SMSSender,
		Body:           h.render(p.Kind, *practice, *appt, loc),
		IdempotencyKey: ids.New(),
		Tag:            "reminder:" + appt.ID,
	})
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	_, err = h.sends.UpdateWhere(ctx,
		map[string]any{"provider_message_id": res.MessageID, "sent_at": now},
		"appointment_id = ? AND kind = ?", appt.ID, p.Kind)
	return err
}

func renderReminder(kind string, p models.Practice, a models.Appointment, loc *time.Location) string {
	start := a.StartsAt.In(loc)
	switch kind {
	case "2h":
		return fmt.Sprintf("%s: see you at %s today. Running late? Call us. Reply STOP to opt out.",
			p.Name, start.Format("3:04 PM"))
	default:
		return fmt.Sprintf("%s: reminder of your appointment on %s at %s. Reply C to confirm or call to reschedule. Reply STOP to opt out.",
			p.Name, start.Format("Mon Jan 2"), start.Format("3:04 PM"))
	}
}
