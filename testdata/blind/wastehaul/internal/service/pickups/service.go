// Package pickups schedules container pickups, assigns drivers and sends
// customer reminders.
package pickups

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
	"github.com/haulcore/wastehaul/internal/platform/idgen"
	"github.com/haulcore/wastehaul/internal/providers/sms"
	"github.com/haulcore/wastehaul/internal/store"
)

// Service is the pickups use-case surface.
type Service interface {
	Schedule(ctx context.Context, in ScheduleInput) (store.Pickup, bool, error)
	Cancel(ctx context.Context, pickupID, reason string) (store.Pickup, error)
	AssignDriver(ctx context.Context, pickupID string) error
	GenerateRecurring(ctx context.Context, date time.Time) (int, error)
	SendReminders(ctx context.Context, date time.Time) (int, error)
}

// BatchSender sends one templated SMS to many numbers.
type BatchSender interface {
	SendBatch(ctx context.Context, b sms.Batch) (*sms.BatchResult, error)
}

// ScheduleInput is a one-off pickup request.
type ScheduleInput struct {
	SiteID      string    `json:"site_id"`
	ContainerID string    `json:"container_id"`
	ServiceDate time.Time `json:"service_date"`
	Notes       string    `json:"notes,omitempty"`
}

// ErrNoRoute is returned while the driver's route for the day is not built yet.
var ErrNoRoute = errors.New("no route for driver on service date")

// Deps groups the service's collaborators for fx.
type Deps struct {
	DB       *store.DB
	Pickups  store.Pickups
	Routes   store.Routes
	Messages store.Messages
	Jobs     jobargs.Enqueuer
	SMS      BatchSender
	Log      *slog.Logger
}

type service struct {
	Deps
	newID idgen.Func
	now   func() time.Time
}

// New returns the pickups service.
func New(d Deps) Service {
	return &service{Deps: d, newID: idgen.Default, now: time.Now}
}

func (s *service) Schedule(ctx context.Context, in ScheduleInput) (store.Pickup, bool, error) {
	var (
		out     store.Pickup
		created bool
	)
	err := s.DB.InTx(ctx, func(tx pgx.Tx) error {
		p, fresh, err := s.Pickups.InsertIfAbsent(ctx, tx, store.Pickup{
			ID:          s.newID(),
			SiteID:      in.SiteID,
			ContainerID: in.ContainerID,
			ServiceDate: in.ServiceDate,
			Notes:       optional(in.Notes),
		})
		if err != nil {
			return err
		}
		out, created = p, fresh
		if !fresh {
			return nil
		}
		_, err = s.Jobs.InsertTx(ctx, tx, jobargs.AssignDriver{PickupID: p.ID}, nil)
		return err
	})
	return out, created, err
}

func (s *service) Cancel(ctx context.Context, pickupID, reason string) (store.Pickup, error) {
	return store.TxResult(ctx, s.DB, func(tx pgx.Tx) (store.Pickup, error) {
		p, err := s.Pickups.GetForUpdate(ctx, tx, pickupID)
		if err != nil {
			return store.Pickup{}, err
		}
		switch p.Status {
		case store.PickupCancelled:
			return p, nil
		case store.PickupScheduled:
		default:
			return store.Pickup{}, fmt.Errorf("pickup is %s: %w", p.Status, store.ErrConflict)
		}
		if _, err := s.Pickups.Cancel(ctx, tx, p.ID, reason); err != nil {
			return store.Pickup{}, err
		}
		if p.DriverID != nil {
			msg, err := s.Messages.Insert(ctx, tx, store.DriverMessage{
				ID:       s.newID(),
				DriverID: *p.DriverID,
				RouteID:  p.RouteID,
				PickupID: &p.ID,
				Purpose:  "cancellation",
				Body:     fmt.Sprintf("CANCELLED: pickup %s on %s. Skip this stop.", shortCode(p.ID), p.ServiceDate.Format("Jan 2")),
			})
			if err != nil {
				return store.Pickup{}, err
			}
			if _, err := s.Jobs.InsertTx(ctx, tx, jobargs.SendDriverMessage{MessageID: msg.ID}, nil); err != nil {
				return store.Pickup{}, err
			}
		}
		return s.Pickups.Get(ctx, tx, p.ID)
	})
}

func (s *service) AssignDriver(ctx context.Context, pickupID string) error {
	p, err := store.TxResult(ctx, s.DB, func(tx pgx.Tx) (store.Pickup, error) {
		p, err := s.Pickups.GetForUpdate(ctx, tx, pickupID)
		if err != nil {
			return store.Pickup{}, err
		}
		if p.Status != store.PickupScheduled || p.DriverID != nil {
			return p, nil
		}
		d, err := s.Routes.LeastLoadedDriver(ctx, tx, p.ServiceDate)
		if err != nil {
			return store.Pickup{}, fmt.Errorf("pick driver: %w", err)
		}
		return s.Pickups.SetDriverIfUnassigned(ctx, tx, p.ID, d.ID)
	})
	if err != nil {
		return err
	}
	if p.Status != store.PickupScheduled || p.DriverID == nil {
		return nil
	}

	_, err = s.Jobs.Insert(ctx, jobargs.NotifyDriver{
		DriverID: p.DriverID.String(),
		PickupID: p.ID,
		Template: "assigned",
		Vars:     map[string]string{"date": p.ServiceDate.Format("Mon Jan 2"), "code": shortCode(p.ID)},
		NotifyID: s.newID(),
	}, nil)
	if err != nil {
		return fmt.Errorf("enqueue driver notice: %w", err)
	}

	return s.DB.InTx(ctx, func(tx pgx.Tx) error {
		route, err := s.Routes.ForDriverOn(ctx, tx, *p.DriverID, p.ServiceDate)
		if errors.Is(err, store.ErrNotFound) {
			return ErrNoRoute
		}
		if err != nil {
			return err
		}
		return s.Routes.AppendStop(ctx, tx, route.ID, p.ID, shortCode(p.ID))
	})
}

func (s *service) GenerateRecurring(ctx context.Context, date time.Time) (int, error) {
	schedules, err := s.Pickups.SchedulesForWeekday(ctx, s.DB.Q(), date.Weekday())
	if err != nil {
		return 0, err
	}
	created := 0
	for _, sch := range schedules {
		schedID := sch.ID
		err := s.DB.InTx(ctx, func(tx pgx.Tx) error {
			p, fresh, err := s.Pickups.InsertIfAbsent(ctx, tx, store.Pickup{
				ID:          s.newID(),
				SiteID:      sch.SiteID,
				ContainerID: sch.ContainerID,
				ScheduleID:  &schedID,
				ServiceDate: date,
			})
			if err != nil || !fresh {
				return err
			}
			created++
			_, err = s.Jobs.InsertTx(ctx, tx, jobargs.AssignDriver{PickupID: p.ID}, &river.InsertOpts{
				ScheduledAt: date.Add(-36 * time.Hour),
			})
			return err
		})
		if err != nil {
			return created, fmt.Errorf("schedule %s: %w", sch.ID, err)
		}
	}
	return created, nil
}

const reminderTemplate = "Reminder: your {{site}} container is scheduled for pickup {{date}}. Please keep the area clear. Reply STOP to opt out."

func (s *service) SendReminders(ctx context.Context, date time.Time) (int, error) {
	due, err := s.Pickups.DueForReminder(ctx, s.DB.Q(), date)
	if err != nil {
		return 0, err
	}
	if len(due) == 0 {
		return 0, nil
	}

	batch := sms.Batch{Template: reminderTemplate}
	ids := make([]string, 0, len(due))
	for _, c := range due {
		batch.Recipients = append(batch.Recipients, sms.BatchRecipient{
			To:   c.Phone,
			Vars: map[string]string{"site": c.SiteLabel, "date": c.ServiceDate.Format("Monday Jan 2")},
		})
		ids = append(ids, c.PickupID)
	}

	res, err := s.SMS.SendBatch(ctx, batch)
	if err != nil {
		return 0, fmt.Errorf("send reminder batch: %w", err)
	}
	s.Log.InfoContext(ctx, "pickup reminders sent",
		"batch_id", res.BatchID, "accepted", res.Accepted, "rejected", res.Rejected)

	if err := s.Pickups.MarkReminded(ctx, s.DB.Q(), ids, s.now()); err != nil {
		return 0, fmt.Errorf("mark reminded: %w", err)
	}
	return res.Accepted, nil
}

// shortCode is the stop code drivers text back, derived from the pickup ID.
func shortCode(pickupID string) string {
	if len(pickupID) <= 6 {
		return strings.ToUpper(pickupID)
	}
	return strings.ToUpper(pickupID[len(pickupID)-6:])
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
