// Package checkins records indemnitors' periodic check-ins from the mobile
// app and escalates the ones who stop checking in.
package checkins

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/jobs/tasks"
	"github.com/keystonebail/bondline/internal/platform/apperr"
	"github.com/keystonebail/bondline/internal/platform/database"
)

// Checkin is one check-in from the app.
type Checkin struct {
	ID           uuid.UUID `db:"id" json:"id"`
	IndemnitorID uuid.UUID `db:"indemnitor_id" json:"indemnitor_id"`
	CheckedInAt  time.Time `db:"checked_in_at" json:"checked_in_at"`
	Latitude     *float64  `db:"latitude" json:"latitude,omitempty"`
	Longitude    *float64  `db:"longitude" json:"longitude,omitempty"`
	Note         string    `db:"note" json:"note"`
}

// Overdue is an active indemnitor past their check-in interval.
type Overdue struct {
	IndemnitorID uuid.UUID `db:"id"`
	DueOn        time.Time `db:"due_on"`
}

// Escalation is an overdue indemnitor flagged for an agent to follow up.
type Escalation struct {
	IndemnitorID uuid.UUID `db:"indemnitor_id"`
	DueOn        time.Time `db:"due_on"`
	DaysOverdue  int       `db:"days_overdue"`
}

// CheckinRepository persists check-ins.
type CheckinRepository interface {
	Insert(ctx context.Context, db sqlx.ExtContext, c *Checkin) (bool, error)
}

// IndemnitorRepository reads and updates indemnitors' check-in state.
type IndemnitorRepository interface {
	Exists(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (bool, error)
	TouchLastCheckin(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, at time.Time) error
	ListOverdue(ctx context.Context, db sqlx.ExtContext, asOf time.Time) ([]Overdue, error)
	MarkDelinquent(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (bool, error)
}

// EscalationRepository persists escalations for the agents' work queue.
type EscalationRepository interface {
	Insert(ctx context.Context, db sqlx.ExtContext, e Escalation) error
}

// Enqueuer puts tasks on the asynq queue.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// Service implements check-ins.
type Service struct {
	db          *sqlx.DB
	checkins    CheckinRepository
	indemnitors IndemnitorRepository
	escalations EscalationRepository
	queue       Enqueuer
	now         func() time.Time
}

// NewService wires a Service.
func NewService(db *sqlx.DB, c CheckinRepository, i IndemnitorRepository, e EscalationRepository, q Enqueuer) *Service {
	return &Service{db: db, checkins: c, indemnitors: i, escalations: e, queue: q, now: time.Now}
}

// Record stores a check-in. The app generates the check-in's id when the
// indemnitor taps "check in" and resends it until it is acknowledged, so
// a repeat returns created=false.
func (s *Service) Record(ctx context.Context, c *Checkin) (created bool, err error) {
	if c.ID == uuid.Nil {
		return false, apperr.Invalid("checkin id is required")
	}
	if c.CheckedInAt.After(s.now().Add(5 * time.Minute)) {
		return false, apperr.Invalid("checked_in_at is in the future")
	}
	err = database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		ok, err := s.indemnitors.Exists(ctx, tx, c.IndemnitorID)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.NotFound("indemnitor %s", c.IndemnitorID)
		}
		if created, err = s.checkins.Insert(ctx, tx, c); err != nil {
			return err
		}
		return s.indemnitors.TouchLastCheckin(ctx, tx, c.IndemnitorID, c.CheckedInAt)
	})
	return created, err
}

// SweepOverdue queues an escalation for every active indemnitor who has
// missed a check-in.
func (s *Service) SweepOverdue(ctx context.Context) (int, error) {
	now := s.now()
	overdue, err := s.indemnitors.ListOverdue(ctx, s.db, now)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, o := range overdue {
		dueOn := o.DueOn.Format("2006-01-02")
		task, err := tasks.New(tasks.TypeCheckinEscalate, tasks.CheckinEscalatePayload{
			IndemnitorID: o.IndemnitorID,
			DueOn:        dueOn,
			DaysOverdue:  int(now.Sub(o.DueOn).Hours() / 24),
		})
		if err != nil {
			return n, err
		}
		_, err = s.queue.EnqueueContext(ctx, task, asynq.TaskID("escalate:"+o.IndemnitorID.String()+":"+dueOn))
		if errors.Is(err, asynq.ErrTaskIDConflict) {
			continue
		}
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Escalate flags one overdue indemnitor for follow-up and marks them
// delinquent so the next sweep skips them.
func (s *Service) Escalate(ctx context.Context, p tasks.CheckinEscalatePayload) error {
	dueOn, err := time.Parse("2006-01-02", p.DueOn)
	if err != nil {
		return fmt.Errorf("escalate: due_on: %w", err)
	}
	return database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.escalations.Insert(ctx, tx, Escalation{
			IndemnitorID: p.IndemnitorID,
			DueOn:        dueOn,
			DaysOverdue:  p.DaysOverdue,
		}); err != nil {
			return err
		}
		_, err := s.indemnitors.MarkDelinquent(ctx, tx, p.IndemnitorID)
		return err
	})
}
