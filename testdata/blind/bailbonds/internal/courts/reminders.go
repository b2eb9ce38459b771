// Package courts handles the court calendar side of the business: SMS
// reminders of upcoming appearances, and forfeiture notices from the county
// courts feed.
package courts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/jobs/tasks"
	"github.com/keystonebail/bondline/internal/platform/ids"
	"github.com/keystonebail/bondline/internal/providers/sms"
)

// CourtDate is a scheduled appearance joined with the defendant's phone.
type CourtDate struct {
	ID             uuid.UUID `db:"id"`
	BondID         uuid.UUID `db:"bond_id"`
	CaseNumber     string    `db:"case_number"`
	Courtroom      string    `db:"courtroom"`
	AppearsAt      time.Time `db:"appears_at"`
	DefendantName  string    `db:"defendant_name"`
	DefendantPhone string    `db:"defendant_phone"`
}

// Reminder is one SMS reminder of a court date.
type Reminder struct {
	ID          uuid.UUID `db:"id"`
	CourtDateID uuid.UUID `db:"court_date_id"`
	LeadDays    int       `db:"lead_days"`
	Phone       string    `db:"phone"`
	SendAt      time.Time `db:"send_at"`
	Status      string    `db:"status"`
	// Filled from the court date for rendering.
	AppearsAt     time.Time `db:"appears_at"`
	Courtroom     string    `db:"courtroom"`
	CaseNumber    string    `db:"case_number"`
	DefendantName string    `db:"defendant_name"`
}

// Attempt is one try at sending a reminder; every try is logged.
type Attempt struct {
	ID                uuid.UUID `db:"id"`
	ReminderID        uuid.UUID `db:"reminder_id"`
	AttemptedAt       time.Time `db:"attempted_at"`
	ProviderMessageID *string   `db:"provider_message_id"`
	Error             *string   `db:"error"`
}

// CourtDateRepository reads the court calendar.
type CourtDateRepository interface {
	ListBetween(ctx context.Context, db sqlx.ExtContext, from, to time.Time) ([]CourtDate, error)
}

// ReminderRepository persists reminders and their attempts.
type ReminderRepository interface {
	Ensure(ctx context.Context, db sqlx.ExtContext, r *Reminder) error
	Get(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (*Reminder, error)
	MarkSent(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, providerID string, at time.Time) error
	LogAttempt(ctx context.Context, db sqlx.ExtContext, a Attempt) error
}

// Enqueuer puts tasks on the asynq queue.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// Texter sends SMS.
type Texter interface {
	Send(ctx context.Context, msg sms.Message, opts ...sms.SendOption) (string, error)
}

// ReminderService schedules and sends court date reminders.
type ReminderService struct {
	db        *sqlx.DB
	dates     CourtDateRepository
	reminders ReminderRepository
	queue     Enqueuer
	sms       Texter
	leadDays  []int
	loc       *time.Location
	now       func() time.Time
}

// NewReminderService wires a ReminderService. leadDays lists how many days
// before the appearance a reminder goes out.
func NewReminderService(db *sqlx.DB, dates CourtDateRepository, reminders ReminderRepository,
	queue Enqueuer, texter Texter, loc *time.Location, leadDays ...int) *ReminderService {
	if len(leadDays) == 0 {
		leadDays = []int{7, 2, 1}
	}
	return &ReminderService{db: db, dates: dates, reminders: reminders, queue: queue,
		sms: texter, leadDays: leadDays, loc: loc, now: time.Now}
}

// ScheduleUpcoming makes sure every appearance in the next eight days has
// its reminders queued. It runs hourly and is safe to run as often as
// wanted.
func (s *ReminderService) ScheduleUpcoming(ctx context.Context) (int, error) {
	now := s.now()
	dates, err := s.dates.ListBetween(ctx, s.db, now, now.Add(8*24*time.Hour))
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, cd := range dates {
		for _, lead := range s.leadDays {
			sendAt := reminderTime(cd.AppearsAt.In(s.loc), lead)
			if sendAt.Before(now) {
				continue
			}
			r := &Reminder{
				ID:          uuid.New(),
				CourtDateID: cd.ID,
				LeadDays:    lead,
				Phone:       cd.DefendantPhone,
				SendAt:      sendAt,
			}
			if err := s.reminders.Ensure(ctx, s.db, r); err != nil {
				return queued, fmt.Errorf("ensure reminder for %s: %w", cd.ID, err)
			}
			if r.Status != "scheduled" {
				continue
			}
			task, err := tasks.New(tasks.TypeReminderSend, tasks.ReminderSendPayload{ReminderID: r.ID})
			if err != nil {
				return queued, err
			}
			_, err = s.queue.EnqueueContext(ctx, task,
				asynq.TaskID("reminder:"+r.ID.String()),
				asynq.ProcessAt(r.SendAt),
				asynq.Queue("sms"),
			)
			if errors.Is(err, asynq.ErrTaskIDConflict) {
				continue
			}
			if err != nil {
				return queued, fmt.Errorf("enqueue reminder %s: %w", r.ID, err)
			}
			queued++
		}
	}
	return queued, nil
}

// reminderTime puts reminders at 10:00 local time, lead days before.
func reminderTime(appears time.Time, leadDays int) time.Time {
	d := appears.AddDate(0, 0, -leadDays)
	return time.Date(d.Year(), d.Month(), d.Day(), 10, 0, 0, 0, appears.Location())
}

// Send delivers one reminder.
func (s *ReminderService) Send(ctx context.Context, reminderID uuid.UUID) error {
	r, err := s.reminders.Get(ctx, s.db, reminderID)
	if err != nil {
		return err
	}
	if r.Status != "scheduled" {
		return nil
	}

	msgID, sendErr := s.sms.Send(ctx, sms.Message{
		To:   r.Phone,
		Body: renderReminder(r, s.loc),
		Tag:  "court-reminder",
	}, sms.WithIdempotencyKey(ids.New("rem")))

	attempt := Attempt{ID: uuid.New(), ReminderID: r.ID, AttemptedAt: s.now()}
	if sendErr != nil {
		msg := sendErr.Error()
		attempt.Error = &msg
	} else {
		attempt.ProviderMessageID = &msgID
	}
	if err := s.reminders.LogAttempt(ctx, s.db, attempt); err != nil {
		slog.WarnContext(ctx, "log sms attempt", "reminder_id", r.ID, "err", err)
	}

	if sendErr != nil {
		return sendErr
	}
	return s.reminders.MarkSent(ctx, s.db, r.ID, msgID, s.now())
}

func renderReminder(r *Reminder, loc *time.Location) string {
	at := r.AppearsAt.In(loc)
	when := "in " + fmt.Sprint(r.LeadDays) + " days"
	if r.LeadDays == 1 {
		when = "TOMORROW"
	}
	return fmt.Sprintf("Keystone Bail Bonds: %s, you have court %s, %s at %s, %s (case %s). "+
		"Missing court forfeits your bond. Reply HELP for help.",
		r.DefendantName, when, at.Format("Mon Jan 2"), at.Format("3:04 PM"), r.Courtroom, r.CaseNumber)
}
