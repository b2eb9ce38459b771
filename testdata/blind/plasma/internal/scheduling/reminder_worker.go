package scheduling

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/platform/clock"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
	"github.com/veinline/plasmaops/internal/providers/sms"
)

// ReminderWorker sends the day-before appointment reminder.
type ReminderWorker struct {
	river.WorkerDefaults[jobs.ReminderArgs]

	store  *pgstore.Store
	repo   Repository
	donors DonorDirectory
	sms    sms.Sender
	now    clock.Now
}

// NewReminderWorker builds the worker.
func NewReminderWorker(store *pgstore.Store, repo Repository, donors DonorDirectory, sender sms.Sender, now clock.Now) *ReminderWorker {
	return &ReminderWorker{store: store, repo: repo, donors: donors, sms: sender, now: now}
}

// Timeout keeps a stuck gateway call from holding a notify slot.
func (w *ReminderWorker) Timeout(*river.Job[jobs.ReminderArgs]) time.Duration {
	return 30 * time.Second
}

func (w *ReminderWorker) Work(ctx context.Context, job *river.Job[jobs.ReminderArgs]) error {
	appt, err := w.repo.GetAppointment(ctx, w.store.DB(), job.Args.AppointmentID)
	if err != nil {
		return err
	}
	if appt.Status != StatusBooked {
		return nil
	}
	// A reschedule leaves the old reminder in the queue; only remind about
	// the slot the appointment currently holds.
	until := appt.StartsAt.Sub(w.now())
	if until <= 0 || until > jobs.ReminderLead+6*time.Hour {
		return nil
	}
	d, err := w.donors.Get(ctx, appt.DonorID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("Reminder: your plasma donation is tomorrow at %s. Eat a protein-rich meal and drink plenty of water. Reply C to cancel.",
		appt.StartsAt.Format("3:04 PM"))
	_, err = w.sms.Send(ctx, sms.Message{To: d.Phone, Body: body})
	return err
}
