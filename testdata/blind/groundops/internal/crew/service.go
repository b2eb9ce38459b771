// Package crew schedules ramp crew onto turnarounds and pages them.
package crew

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/models"
	"github.com/apronworks/groundops/internal/platform/database"
)

var (
	ErrUnavailable = errors.New("crew member is not available")
	ErrNoLead      = errors.New("no stand lead on duty")
)

// Pager sends an SMS and returns the gateway's message id.
type Pager interface {
	Send(ctx context.Context, to, text string) (string, error)
}

type AssignInput struct {
	CrewMemberIDs []string
	Role          string
}

type CalloutRecord struct {
	TurnaroundID string
	CrewMemberID string
	Message      string
	ProviderRef  string
}

type Service struct {
	uow         database.UnitOfWork
	members     *database.Repository[models.CrewMember]
	assignments *database.Repository[models.CrewAssignment]
	callouts    *database.Repository[models.CrewCallout]
	turnarounds *database.Repository[models.Turnaround]
	pager       Pager
	now         func() time.Time
}

func NewService(db *gorm.DB, uow database.UnitOfWork, pager Pager) *Service {
	return &Service{
		uow:         uow,
		members:     database.NewRepository[models.CrewMember](db),
		assignments: database.NewRepository[models.CrewAssignment](db),
		callouts:    database.NewRepository[models.CrewCallout](db),
		turnarounds: database.NewRepository[models.Turnaround](db),
		pager:       pager,
		now:         func() time.Time { return time.Now().UTC() },
	}
}

func (s *Service) Member(ctx context.Context, id string) (*models.CrewMember, error) {
	return s.members.Get(ctx, id)
}

// Assign puts crew members on a turnaround. All of them must be available.
func (s *Service) Assign(ctx context.Context, turnaroundID string, in AssignInput) ([]models.CrewAssignment, error) {
	if _, err := s.turnarounds.Get(ctx, turnaroundID); err != nil {
		return nil, err
	}
	for _, id := range in.CrewMemberIDs {
		m, err := s.members.Get(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("crew member %s: %w", id, err)
		}
		if m.Status != models.CrewAvailable {
			return nil, fmt.Errorf("%w: %s is %s", ErrUnavailable, m.Name, m.Status)
		}
	}
	out := make([]models.CrewAssignment, 0, len(in.CrewMemberIDs))
	for _, id := range in.CrewMemberIDs {
		if err := s.members.Update(ctx, id, map[string]any{"status": models.CrewAssigned}); err != nil {
			return nil, err
		}
		a := models.CrewAssignment{TurnaroundID: turnaroundID, CrewMemberID: id, Role: in.Role}
		if err := s.assignments.Create(ctx, &a); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// RecordCallout stores a callout that has been sent to a crew member.
func (s *Service) RecordCallout(ctx context.Context, rec CalloutRecord) error {
	now := s.now()
	return s.callouts.Create(ctx, &models.CrewCallout{
		TurnaroundID: rec.TurnaroundID,
		CrewMemberID: rec.CrewMemberID,
		Message:      rec.Message,
		ProviderRef:  rec.ProviderRef,
		SentAt:       &now,
	})
}

// ReleaseTurnaround frees everybody still assigned to a turnaround. It
// joins the caller's unit of work when there is one.
func (s *Service) ReleaseTurnaround(ctx context.Context, turnaroundID string) error {
	return s.uow.Do(ctx, func(ctx context.Context) error {
		db := s.assignments.DB(ctx)
		if err := db.Exec(`
			UPDATE crew_members SET status = ?, updated_at = now()
			 WHERE id IN (SELECT crew_member_id FROM crew_assignments
			               WHERE turnaround_id = ? AND released_at IS NULL)`,
			models.CrewAvailable, turnaroundID).Error; err != nil {
			return err
		}
		return db.Exec(`
			UPDATE crew_assignments SET released_at = now(), updated_at = now()
			 WHERE turnaround_id = ? AND released_at IS NULL`, turnaroundID).Error
	})
}

// stand lead for a turnaround: the assigned lead if any.
func (s *Service) leadFor(ctx context.Context, turnaroundID string) (*models.CrewMember, error) {
	var m models.CrewMember
	err := s.members.DB(ctx).
		Joins("JOIN crew_assignments a ON a.crew_member_id = crew_members.id").
		Where("a.turnaround_id = ? AND a.role = ? AND a.released_at IS NULL", turnaroundID, "lead").
		First(&m).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNoLead
	}
	return &m, err
}

// Preposition pages the stand lead ahead of a (revised) arrival. The
// callout row is claimed under the job's key before the SMS goes out, so a
// re-run of the same job never pages twice.
func (s *Service) Preposition(ctx context.Context, job *models.Job, turnaroundID string, eta time.Time) error {
	t, err := s.turnarounds.Get(ctx, turnaroundID)
	if err != nil {
		return err
	}
	if t.Status != models.TurnaroundPlanned {
		return nil
	}
	lead, err := s.leadFor(ctx, turnaroundID)
	if errors.Is(err, ErrNoLead) {
		slog.InfoContext(ctx, "no lead assigned yet, skipping preposition page", "turnaround", turnaroundID)
		return nil
	}
	if err != nil {
		return err
	}
	msg := fmt.Sprintf("Stand %s: arrival now %s UTC. Be in position 10 min before.", t.Stand, eta.Format("15:04"))
	claimKey := job.DedupKey
	callout := &models.CrewCallout{
		TurnaroundID: turnaroundID,
		CrewMemberID: lead.ID,
		Message:      msg,
		ClaimKey:     &claimKey,
	}
	claimed, err := s.callouts.CreateIfAbsent(ctx, callout, "claim_key")
	if err != nil || !claimed {
		return err
	}
	ref, sendErr := s.pager.Send(ctx, lead.Phone, msg)
	if sendErr != nil {
		// Left unsent on purpose: the dispatcher board lists callouts with no
		// sent_at and the duty manager phones the lead.
		slog.WarnContext(ctx, "preposition page failed", "turnaround", turnaroundID, "err", sendErr)
		return nil
	}
	now := s.now()
	return s.callouts.Update(ctx, callout.ID, map[string]any{"provider_ref": ref, "sent_at": now})
}
