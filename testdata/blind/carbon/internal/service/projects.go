package service

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/events"
	"github.com/terravault/carbonreg/internal/ids"
	"github.com/terravault/carbonreg/internal/repo"
)

// RegisterProject is the input of ProjectService.Register.
type RegisterProject struct {
	DeveloperID       uuid.UUID
	RegistryProjectID string
	Name              string
	Methodology       string
	Country           string
}

// ProjectService manages projects.
type ProjectService interface {
	Register(ctx context.Context, in RegisterProject) (*domain.Project, error)
	ApplyRegistryStatus(ctx context.Context, ev events.ProjectStatus) error
}

type projectService struct {
	projects   repo.Projects
	developers repo.Developers
	accounts   repo.Accounts
	log        *slog.Logger
}

// NewProjectService returns the ProjectService.
func NewProjectService(p repo.Projects, d repo.Developers, a repo.Accounts, log *slog.Logger) ProjectService {
	return &projectService{projects: p, developers: d, accounts: a, log: log}
}

// Register lists a project. The registry's project ID is the natural key: a
// repeated registration returns the project stored by the first one.
func (s *projectService) Register(ctx context.Context, in RegisterProject) (*domain.Project, error) {
	in.RegistryProjectID = strings.TrimSpace(in.RegistryProjectID)
	if in.RegistryProjectID == "" || in.Name == "" || len(in.Country) != 2 {
		return nil, fail(ErrInvalid, "registry_project_id, name and a two letter country are required")
	}
	if _, err := s.developers.Get(ctx, in.DeveloperID); err != nil {
		return nil, notFound(err, "developer")
	}
	var out *domain.Project
	err := db.Transaction(ctx, func(ctx context.Context) error {
		now := time.Now().UTC()
		p := &domain.Project{
			ID:                ids.NewUUID(),
			DeveloperID:       in.DeveloperID,
			RegistryProjectID: in.RegistryProjectID,
			Name:              in.Name,
			Methodology:       in.Methodology,
			Country:           strings.ToUpper(in.Country),
			Status:            domain.ProjectDraft,
			WebhookSecret:     ids.NewSecret(),
			CreatedAt:         now,
			UpdatedAt:         now,
		}
		created, err := s.projects.CreateIfAbsent(ctx, p)
		if err != nil {
			return err
		}
		if !created {
			existing, err := s.projects.ByRegistryID(ctx, in.RegistryProjectID)
			if err != nil {
				return err
			}
			if existing.DeveloperID != in.DeveloperID {
				return fail(ErrConflict, "project %s is registered to another developer", in.RegistryProjectID)
			}
			out = existing
			return nil
		}
		if _, err := s.accounts.EnsureFor(ctx, "project", p.ID, domain.PurposeIssuance); err != nil {
			return err
		}
		out = p
		return nil
	})
	return out, err
}

// ApplyRegistryStatus records a status change published by the registry and
// applies it to the project.
func (s *projectService) ApplyRegistryStatus(ctx context.Context, ev events.ProjectStatus) error {
	return db.Transaction(ctx, func(ctx context.Context) error {
		p, err := s.projects.ByRegistryID(ctx, ev.RegistryProjectID)
		if err != nil {
			return notFound(err, "project")
		}
		rec := &domain.ProjectStatusEvent{
			ID:             ids.NewUUID(),
			ProjectID:      p.ID,
			PartnerEventID: ev.EventID,
			Status:         ev.Status,
			EffectiveAt:    ev.EffectiveAt,
			CreatedAt:      time.Now().UTC(),
		}
		if err := s.projects.AddStatusEvent(ctx, rec); err != nil {
			return err
		}
		s.log.InfoContext(ctx, "project status changed", "project", p.ID, "from", p.Status, "to", ev.Status)
		return s.projects.SetStatus(ctx, p.ID, ev.Status)
	})
}
