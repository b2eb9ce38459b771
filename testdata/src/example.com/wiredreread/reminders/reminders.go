// Package reminders schedules the texts sent before a court date.
package reminders

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Reminder is a text to send before a court date; the store keeps one
// per court date and lead.
type Reminder struct {
	ID          uuid.UUID `db:"id"`
	CourtDateID string    `db:"court_date_id"`
	Status      string    `db:"status"`
}

// Reminders keeps reminders.
type Reminders interface {
	// Ensure stores r, or finds the one stored for its court date.
	Ensure(ctx context.Context, r *Reminder) error
}

// Notice is a letter to send before a court date.
type Notice struct {
	ID          uuid.UUID `db:"id"`
	CourtDateID string    `db:"court_date_id"`
	Status      string    `db:"status"`
}

// Notices keeps notices.
type Notices interface {
	Ensure(ctx context.Context, n *Notice) error
}

// Service queues reminders and notices.
type Service struct {
	Reminders Reminders
	Notices   Notices
	Queue     *asynq.Client
}

// Schedule queues the text for a court date once: the stored reminder's
// ID, read back over the new one, names the task.
func (s *Service) Schedule(ctx context.Context, courtDateID string) error {
	r := &Reminder{ID: uuid.New(), CourtDateID: courtDateID}
	if err := s.Reminders.Ensure(ctx, r); err != nil {
		return err
	}
	_, err := s.Queue.EnqueueContext(ctx, asynq.NewTask("reminder:send", nil), asynq.TaskID("reminder:"+r.ID.String()))
	return err
}

// ScheduleNotice queues the letter for a court date under the new
// notice's ID, which the store does not read back.
func (s *Service) ScheduleNotice(ctx context.Context, courtDateID string) error {
	n := &Notice{ID: uuid.New(), CourtDateID: courtDateID} // want `a retry sends a new value as the job's unique ID, so the duplicate is not recognised: uuid.New\(\) is fresh on every attempt \(HTTP handler Handler.PostNotice\)`
	if err := s.Notices.Ensure(ctx, n); err != nil {
		return err
	}
	_, err := s.Queue.EnqueueContext(ctx, asynq.NewTask("notice:send", nil), asynq.TaskID("notice:"+n.ID.String()))
	return err
}
