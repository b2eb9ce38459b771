package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/service/notify"
	"github.com/tradeloop/homeservices/internal/store"
)

// minLeadTime is how far ahead a visit can be moved to.
const minLeadTime = 2 * time.Hour

// Reschedule moves the appointment for a job and tells the technician.
func (s *Service) Reschedule(ctx context.Context, jobID, customerID string, startsAt time.Time, reason string) (*domain.Appointment, error) {
	now := s.now()
	if startsAt.Before(now.Add(minLeadTime)) {
		return nil, domain.Invalidf("new time must be at least %s from now", minLeadTime)
	}

	var (
		appt   *domain.Appointment
		change *domain.AppointmentChange
		job    *domain.Job
	)
	err := s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		j, err := tx.Jobs.Get(ctx, jobID)
		if err != nil {
			return err
		}
		if j.CustomerID != customerID {
			return domain.ErrForbidden
		}
		a, err := tx.Appointments.GetForUpdate(ctx, jobID)
		if err != nil {
			return err
		}
		change = &domain.AppointmentChange{
			ID:          ids.Short(),
			JobID:       jobID,
			OldStartsAt: a.StartsAt,
			NewStartsAt: startsAt,
			Reason:      reason,
			CreatedAt:   now,
		}
		endsAt := startsAt.Add(a.EndsAt.Sub(a.StartsAt))
		if err := tx.Appointments.Reschedule(ctx, jobID, startsAt, endsAt, a.Version); err != nil {
			return err
		}
		if err := tx.Appointments.RecordChange(ctx, change); err != nil {
			return err
		}
		a.StartsAt, a.EndsAt, a.ReminderSentAt, a.Version = startsAt, endsAt, nil, a.Version+1
		appt, job = a, j
		return nil
	})
	if err != nil {
		return nil, err
	}

	tech, err := s.repos.Technicians.Get(ctx, appt.TechnicianID)
	if err != nil {
		return nil, err
	}
	body, err := notify.Render(notify.TplRescheduled, map[string]any{"Title": job.Title, "StartsAt": startsAt})
	if err != nil {
		return nil, err
	}
	if _, err := s.notifier.Send(ctx, tech.Phone, body,
		notify.WithClientRef("resched_"+change.ID),
		notify.ForJob(jobID),
		notify.Template(notify.TplRescheduled),
	); err != nil {
		return nil, fmt.Errorf("jobs: notify technician: %w", err)
	}
	return appt, nil
}

// Review records the customer's rating once per job.
func (s *Service) Review(ctx context.Context, jobID, customerID string, rating int, comment string) (*domain.Review, error) {
	if rating < 1 || rating > 5 {
		return nil, domain.Invalidf("rating must be between 1 and 5")
	}
	var review *domain.Review
	err := s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		j, err := tx.Jobs.Get(ctx, jobID)
		if err != nil {
			return err
		}
		if j.CustomerID != customerID {
			return domain.ErrForbidden
		}
		if j.Status != domain.JobCompleted || j.AssignedTechnicianID == nil {
			return domain.Conflictf("job %s cannot be reviewed yet", jobID)
		}
		inserted, err := tx.Reviews.InsertIgnore(ctx, &domain.Review{
			JobID:     jobID,
			Rating:    rating,
			Comment:   comment,
			CreatedAt: s.now(),
		})
		if err != nil {
			return err
		}
		if inserted {
			if err := tx.Technicians.AddRating(ctx, *j.AssignedTechnicianID, rating); err != nil {
				return err
			}
		}
		review, err = tx.Reviews.Get(ctx, jobID)
		return err
	})
	return review, err
}
