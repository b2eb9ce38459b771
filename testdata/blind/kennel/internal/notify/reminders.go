package notify

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/platform"
)

// ReminderWorker queues a reminder for every confirmed stay that starts
// tomorrow. It runs hourly so that late bookings are picked up.
type ReminderWorker struct {
	river.WorkerDefaults[jobs.SendStayReminders]

	db     *bun.DB
	outbox *Outbox
	log    *slog.Logger
}

// NewReminderWorker returns the worker.
func NewReminderWorker(db *bun.DB, outbox *Outbox, log *slog.Logger) *ReminderWorker {
	return &ReminderWorker{db: db, outbox: outbox, log: log}
}

type upcoming struct {
	ID       uuid.UUID `bun:"id"`
	OwnerID  uuid.UUID `bun:"owner_id"`
	DogName  string    `bun:"dog_name"`
	Location string    `bun:"location_name"`
	CheckIn  time.Time `bun:"check_in"`
}

// Work implements river.Worker.
func (w *ReminderWorker) Work(ctx context.Context, job *river.Job[jobs.SendStayReminders]) error {
	var rows []upcoming
	err := w.db.NewRaw(`
		SELECT r.id, r.owner_id, d.name AS dog_name, l.name AS location_name, r.check_in
		FROM reservations r
		JOIN dogs d ON d.id = r.dog_id
		JOIN locations l ON l.id = r.location_id
		WHERE r.status = 'confirmed' AND r.check_in = current_date + 1`).Scan(ctx, &rows)
	if err != nil {
		return err
	}
	queued := 0
	for _, r := range rows {
		r := r
		err := platform.InTx(ctx, w.db, func(ctx context.Context, tx bun.Tx) error {
			ok, err := w.outbox.Enqueue(ctx, tx, Notification{
				OwnerID:       r.OwnerID,
				ReservationID: &r.ID,
				Template:      TplStayReminder,
				Vars:          map[string]any{"Dog": r.DogName, "Location": r.Location},
				DedupKey:      "stay_reminder:" + r.ID.String(),
			})
			if ok {
				queued++
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	w.log.Info("stay reminders", "candidates", len(rows), "queued", queued)
	return nil
}
