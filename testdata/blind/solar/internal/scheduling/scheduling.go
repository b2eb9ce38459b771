// Package scheduling opens install jobs and books installation crews.
package scheduling

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
	"github.com/sunrail/installs/internal/platform/httpx"
	"github.com/sunrail/installs/internal/projects"
)

// Job is a permitted project waiting for a crew.
type Job struct {
	ID        uuid.UUID `json:"id"`
	ProjectID uuid.UUID `json:"project_id"`
	PermitID  uuid.UUID `json:"permit_id"`
	Status    string    `json:"status"`
	Priority  int       `json:"priority"`
}

// Assignment books a crew onto a project for a time window.
type Assignment struct {
	ID        uuid.UUID `json:"id"`
	ProjectID uuid.UUID `json:"project_id"`
	CrewID    uuid.UUID `json:"crew_id"`
	StartsAt  time.Time `json:"starts_at"`
	EndsAt    time.Time `json:"ends_at"`
	Status    string    `json:"status"`
}

// AssignInput is the body of the crew booking request.
type AssignInput struct {
	CrewID   uuid.UUID `json:"crew_id"`
	StartsAt time.Time `json:"starts_at"`
	Days     int       `json:"days"`
}

// KeyStore remembers client idempotency keys.
type KeyStore interface {
	Lookup(ctx context.Context, scope, key string) (uuid.UUID, bool, error)
	Save(ctx context.Context, scope, key string, resourceID uuid.UUID) error
}

// FactsReader loads project facts.
type FactsReader interface {
	PermitFacts(ctx context.Context, projectID uuid.UUID) (projects.Facts, error)
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
}

// Service implements scheduling use cases.
type Service struct {
	repo   *Repository
	keys   KeyStore
	facts  FactsReader
	events events.Publisher
	tx     database.TxManager
}

// NewService builds a Service.
func NewService(repo *Repository, keys KeyStore, facts FactsReader, pub events.Publisher, tx database.TxManager) *Service {
	return &Service{repo: repo, keys: keys, facts: facts, events: pub, tx: tx}
}

// OpenJob puts a permitted project on the scheduling board.
func (s *Service) OpenJob(ctx context.Context, evt events.PermitApproved) (Job, error) {
	job := Job{
		ID:        uuid.New(),
		ProjectID: evt.ProjectID,
		PermitID:  evt.PermitID,
		Status:    "ready",
		Priority:  priorityFor(evt.ApprovedAt),
	}
	if err := s.repo.InsertJob(ctx, job); err != nil {
		return Job{}, fmt.Errorf("open job for project %s: %w", evt.ProjectID, err)
	}
	return job, nil
}

func priorityFor(approvedAt time.Time) int {
	// Older approvals go first; the permit clock is ticking.
	days := int(time.Since(approvedAt).Hours() / 24)
	return min(days, 100)
}

const assignScope = "crew-assignment"

// Assign books a crew for a project.
func (s *Service) Assign(ctx context.Context, projectID uuid.UUID, idemKey string, in AssignInput) (Assignment, error) {
	if in.CrewID == uuid.Nil || in.StartsAt.IsZero() || in.Days <= 0 || in.Days > 5 {
		return Assignment{}, errors.Join(httpx.ErrBadRequest, errors.New("crew_id, starts_at and days (1-5) are required"))
	}
	if idemKey != "" {
		prev, ok, err := s.keys.Lookup(ctx, assignScope, idemKey)
		if err != nil {
			return Assignment{}, err
		}
		if ok {
			return s.repo.GetAssignment(ctx, prev)
		}
	}
	facts, err := s.facts.PermitFacts(ctx, projectID)
	if err != nil {
		return Assignment{}, err
	}

	a := Assignment{
		ID:        uuid.New(),
		ProjectID: projectID,
		CrewID:    in.CrewID,
		StartsAt:  in.StartsAt.UTC(),
		EndsAt:    in.StartsAt.UTC().Add(time.Duration(in.Days) * 24 * time.Hour),
		Status:    "booked",
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		crew, err := s.repo.LockCrew(ctx, in.CrewID)
		if err != nil {
			return err
		}
		busy, err := s.repo.Overlaps(ctx, in.CrewID, a.StartsAt, a.EndsAt)
		if err != nil {
			return err
		}
		if busy {
			return errors.Join(httpx.ErrConflict, errors.New("crew already booked in that window"))
		}
		if err := s.repo.InsertAssignment(ctx, a); err != nil {
			return err
		}
		if err := s.repo.SetJobStatus(ctx, projectID, "scheduled"); err != nil {
			return err
		}
		if err := s.facts.SetStatus(ctx, projectID, projects.StatusScheduled); err != nil {
			return err
		}
		return s.events.Publish(ctx, events.TopicInstallScheduled, events.InstallScheduled{
			AssignmentID:  a.ID,
			ProjectID:     projectID,
			CrewID:        crew.ID,
			StartsAt:      a.StartsAt,
			EndsAt:        a.EndsAt,
			HomeownerName: facts.HomeownerName,
			HomeownerTel:  facts.HomeownerTel,
			CrewLeadTel:   crew.LeadPhone,
			SiteAddress:   facts.SiteAddress,
		})
	})
	if err != nil {
		return Assignment{}, err
	}
	if idemKey != "" {
		if err := s.keys.Save(ctx, assignScope, idemKey, a.ID); err != nil {
			return a, err
		}
	}
	return a, nil
}
