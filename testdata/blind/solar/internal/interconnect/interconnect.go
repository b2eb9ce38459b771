// Package interconnect runs the utility interconnection process: the
// net-metering application, the meter exchange and permission to operate.
package interconnect

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/api/serviceerror"

	"github.com/sunrail/installs/internal/clients/utility"
	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
	"github.com/sunrail/installs/internal/platform/workflows"
	"github.com/sunrail/installs/internal/projects"
)

// Interconnection is our record of the utility application.
type Interconnection struct {
	ID              uuid.UUID `json:"id"`
	ProjectID       uuid.UUID `json:"project_id"`
	UtilityCode     string    `json:"utility_code"`
	AccountNumber   string    `json:"account_number"`
	ApplicationRef  string    `json:"application_ref,omitempty"`
	Status          string    `json:"status"`
	MeterSwapTicket string    `json:"meter_swap_ticket,omitempty"`
}

// PTOGrant is the utility's permission to operate.
type PTOGrant struct {
	ProjectID      uuid.UUID
	ApplicationRef string
	LetterURL      string
	GrantedAt      time.Time
}

// Repository persists interconnection state.
type Repository struct {
	db database.DBTX
	tx database.TxManager
}

// NewRepository builds a Repository.
func NewRepository(db database.DBTX, tx database.TxManager) *Repository {
	return &Repository{db: db, tx: tx}
}

// Ensure creates the project's interconnection row if missing.
func (r *Repository) Ensure(ctx context.Context, ic Interconnection) (Interconnection, error) {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO interconnections (id, project_id, utility_code, account_number, status)
		VALUES ($1, $2, $3, $4, 'pending')
		ON CONFLICT (project_id) DO NOTHING`, ic.ID, ic.ProjectID, ic.UtilityCode, ic.AccountNumber)
	if err != nil {
		return Interconnection{}, err
	}
	return r.ByProject(ctx, ic.ProjectID)
}

func (r *Repository) one(ctx context.Context, where string, arg any) (Interconnection, error) {
	var ic Interconnection
	var ref, ticket sql.NullString
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT id, project_id, utility_code, account_number, application_ref, status, meter_swap_ticket
		FROM interconnections WHERE `+where, arg).Scan(
		&ic.ID, &ic.ProjectID, &ic.UtilityCode, &ic.AccountNumber, &ref, &ic.Status, &ticket)
	ic.ApplicationRef, ic.MeterSwapTicket = ref.String, ticket.String
	return ic, database.NotFound(err)
}

// ByProject loads by project.
func (r *Repository) ByProject(ctx context.Context, projectID uuid.UUID) (Interconnection, error) {
	return r.one(ctx, "project_id = $1", projectID)
}

// ByApplicationRef loads by the utility's application reference.
func (r *Repository) ByApplicationRef(ctx context.Context, ref string) (Interconnection, error) {
	return r.one(ctx, "application_ref = $1", ref)
}

// MarkSubmitted stores the application reference.
func (r *Repository) MarkSubmitted(ctx context.Context, projectID uuid.UUID, ref string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE interconnections
		SET application_ref = $2, status = 'submitted', submitted_at = COALESCE(submitted_at, now())
		WHERE project_id = $1`, projectID, ref)
	return err
}

// SaveMeterSwapTicket stores the utility's field ticket.
func (r *Repository) SaveMeterSwapTicket(ctx context.Context, projectID uuid.UUID, ticket string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE interconnections SET meter_swap_ticket = $2, status = 'meter_swap_requested'
		WHERE project_id = $1`, projectID, ticket)
	return err
}

// InsertPTO records the permission-to-operate grant.
func (r *Repository) InsertPTO(ctx context.Context, g PTOGrant) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO pto_grants (project_id, application_ref, letter_url, granted_at)
		VALUES ($1, $2, $3, $4)`, g.ProjectID, g.ApplicationRef, g.LetterURL, g.GrantedAt)
	return err
}

// MarkPTO sets the interconnection status after PTO.
func (r *Repository) MarkPTO(ctx context.Context, projectID uuid.UUID) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx,
		`UPDATE interconnections SET status = 'pto_granted' WHERE project_id = $1`, projectID)
	return err
}

// ProjectStore is what the interconnection process needs from projects.
type ProjectStore interface {
	PermitFacts(ctx context.Context, projectID uuid.UUID) (projects.Facts, error)
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
}

// Service starts interconnection workflows and applies utility callbacks.
type Service struct {
	repo      *Repository
	projects  ProjectStore
	temporal  TemporalClient
	taskQueue string
	events    events.Publisher
	tx        database.TxManager
}

// TemporalClient is the subset of the Temporal client the service uses.
type TemporalClient interface {
	workflows.Starter
	workflows.Signaler
}

// NewService builds a Service.
func NewService(repo *Repository, ps ProjectStore, tc TemporalClient, taskQueue string, pub events.Publisher, tx database.TxManager) *Service {
	return &Service{repo: repo, projects: ps, temporal: tc, taskQueue: taskQueue, events: pub, tx: tx}
}

// WorkflowID is the business ID of a project's interconnection workflow.
func WorkflowID(projectID uuid.UUID) string {
	return "interconnection-" + projectID.String()
}

// Start opens the interconnection record and starts the workflow.
func (s *Service) Start(ctx context.Context, projectID uuid.UUID) (Interconnection, error) {
	facts, err := s.projects.PermitFacts(ctx, projectID)
	if err != nil {
		return Interconnection{}, err
	}
	if facts.UtilityAccount == "" {
		return Interconnection{}, errors.New("utility account number missing on project")
	}
	ic, err := s.repo.Ensure(ctx, Interconnection{
		ID:            uuid.New(),
		ProjectID:     projectID,
		UtilityCode:   facts.UtilityCode,
		AccountNumber: facts.UtilityAccount,
	})
	if err != nil {
		return Interconnection{}, err
	}
	if _, err := workflows.StartOnce(ctx, s.temporal, WorkflowID(projectID), s.taskQueue,
		InterconnectionWorkflow, WorkflowInput{ProjectID: projectID}); err != nil {
		return Interconnection{}, fmt.Errorf("start interconnection workflow: %w", err)
	}
	return ic, nil
}

// RecordPTO applies a permission-to-operate callback from the utility.
func (s *Service) RecordPTO(ctx context.Context, evt utility.PTOEvent) error {
	ic, err := s.repo.ByApplicationRef(ctx, evt.ApplicationRef)
	if err != nil {
		return err
	}
	facts, err := s.projects.PermitFacts(ctx, ic.ProjectID)
	if err != nil {
		return err
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.repo.InsertPTO(ctx, PTOGrant{
			ProjectID:      ic.ProjectID,
			ApplicationRef: evt.ApplicationRef,
			LetterURL:      evt.Letter,
			GrantedAt:      evt.GrantedAt,
		}); err != nil {
			return err
		}
		if err := s.repo.MarkPTO(ctx, ic.ProjectID); err != nil {
			return err
		}
		if err := s.projects.SetStatus(ctx, ic.ProjectID, projects.StatusPTO); err != nil {
			return err
		}
		return s.events.Publish(ctx, events.TopicMilestoneReached, events.MilestoneReached{
			ProjectID:  ic.ProjectID,
			ContractID: facts.ContractID,
			Milestone:  "pto",
		})
	})
	if err != nil {
		return err
	}
	err = s.temporal.SignalWorkflow(ctx, WorkflowID(ic.ProjectID), "", SignalPTOGranted, evt.GrantedAt)
	var nf *serviceerror.NotFound
	if errors.As(err, &nf) {
		slog.WarnContext(ctx, "no running interconnection workflow for PTO", "project_id", ic.ProjectID)
		return nil
	}
	return err
}
