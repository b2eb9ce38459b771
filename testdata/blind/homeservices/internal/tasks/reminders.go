package tasks

import (
	"context"
	"time"

	"github.com/tradeloop/homeservices/internal/platform/queue"
	"github.com/tradeloop/homeservices/internal/service/notify"
	"github.com/tradeloop/homeservices/internal/store"
)

// Reminders texts both sides the day before a visit.
type Reminders struct {
	repos    *store.Repos
	notifier notify.Notifier
	now      func() time.Time
}

// NewReminders builds Reminders.
func NewReminders(repos *store.Repos, notifier notify.Notifier) *Reminders {
	return &Reminders{repos: repos, notifier: notifier, now: time.Now}
}

// Send texts the customer and the technician about an upcoming visit.
func (r *Reminders) Send(ctx context.Context, p queue.AppointmentReminder) error {
	appt, err := r.repos.Appointments.Get(ctx, p.JobID)
	if err != nil {
		return err
	}
	if appt.ReminderSentAt != nil || appt.StartsAt.Before(r.now()) {
		return nil
	}
	job, err := r.repos.Jobs.Get(ctx, p.JobID)
	if err != nil {
		return err
	}
	customer, err := r.repos.Customers.Get(ctx, job.CustomerID)
	if err != nil {
		return err
	}
	tech, err := r.repos.Technicians.Get(ctx, appt.TechnicianID)
	if err != nil {
		return err
	}
	body, err := notify.Render(notify.TplReminder, map[string]any{
		"Title": job.Title, "StartsAt": appt.StartsAt, "Address": job.Address,
	})
	if err != nil {
		return err
	}
	for _, phone := range []string{customer.Phone, tech.Phone} {
		if _, err := r.notifier.Send(ctx, phone, body,
			notify.ForJob(job.ID),
			notify.Template(notify.TplReminder),
		); err != nil {
			return err
		}
	}
	return r.repos.Appointments.MarkReminded(ctx, job.ID, r.now())
}
