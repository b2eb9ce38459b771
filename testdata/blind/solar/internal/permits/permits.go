// Package permits runs the building/electrical permit process for a project
// as a Temporal workflow.
package permits

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
	"github.com/sunrail/installs/internal/platform/workflows"
	"github.com/sunrail/installs/internal/projects"
)

// Permit statuses.
const (
	StatusPending   = "pending"
	StatusSubmitted = "submitted"
	StatusApproved  = "approved"
	StatusRejected  = "rejected"
)

// Permit is our record of a jurisdiction permit.
type Permit struct {
	ID            uuid.UUID  `json:"id"`
	ProjectID     uuid.UUID  `json:"project_id"`
	Jurisdiction  string     `json:"jurisdiction"`
	PermitNumber  string     `json:"permit_number,omitempty"`
	Status        string     `json:"status"`
	FeeCents      int64      `json:"fee_cents,omitempty"`
	SubmittedAt   *time.Time `json:"submitted_at,omitempty"`
	DecidedAt     *time.Time `json:"decided_at,omitempty"`
	InspectionRef string     `json:"inspection_ref,omitempty"`
}

// Repository persists permits.
type Repository struct {
	db database.DBTX
	tx database.TxManager
}

// NewRepository builds a Repository.
func NewRepository(db database.DBTX, tx database.TxManager) *Repository {
	return &Repository{db: db, tx: tx}
}

// Ensure creates the project's permit row or returns the existing one.
func (r *Repository) Ensure(ctx context.Context, projectID uuid.UUID, jurisdiction string) (Permit, error) {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO permits (id, project_id, jurisdiction, status)
		VALUES ($1, $2, $3, 'pending')
		ON CONFLICT (project_id) DO NOTHING`, uuid.New(), projectID, jurisdiction)
	if err != nil {
		return Permit{}, err
	}
	return r.ByProject(ctx, projectID)
}

func (r *Repository) one(ctx context.Context, where string, arg any) (Permit, error) {
	var p Permit
	var num, insp sql.NullString
	var fee sql.NullInt64
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT id, project_id, jurisdiction, permit_number, status, fee_cents, submitted_at, decided_at, inspection_ref
		FROM permits WHERE `+where, arg).Scan(
		&p.ID, &p.ProjectID, &p.Jurisdiction, &num, &p.Status, &fee, &p.SubmittedAt, &p.DecidedAt, &insp)
	p.PermitNumber, p.FeeCents, p.InspectionRef = num.String, fee.Int64, insp.String
	return p, database.NotFound(err)
}

// Get loads a permit.
func (r *Repository) Get(ctx context.Context, id uuid.UUID) (Permit, error) {
	return r.one(ctx, "id = $1", id)
}

// ByProject loads the permit of a project.
func (r *Repository) ByProject(ctx context.Context, projectID uuid.UUID) (Permit, error) {
	return r.one(ctx, "project_id = $1", projectID)
}

// MarkSubmitted stores the portal's permit number.
func (r *Repository) MarkSubmitted(ctx context.Context, id uuid.UUID, number string, fee int64) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE permits SET permit_number = $2, fee_cents = $3, status = 'submitted', submitted_at = now()
		WHERE id = $1`, id, number, fee)
	return err
}

// Decide moves a submitted permit to a decision. It reports whether this
// call made the transition.
func (r *Repository) Decide(ctx context.Context, id uuid.UUID, status string, at time.Time) (bool, error) {
	res, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE permits SET status = $2, decided_at = $3
		WHERE id = $1 AND status = 'submitted'`, id, status, at)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SetInspection stores the booked inspection.
func (r *Repository) SetInspection(ctx context.Context, id uuid.UUID, ref string, on time.Time) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE permits SET inspection_ref = $2, inspection_on = $3 WHERE id = $1`, id, ref, on)
	return err
}

// ProjectReader loads the project facts permits need.
type ProjectReader interface {
	PermitFacts(ctx context.Context, projectID uuid.UUID) (projects.Facts, error)
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
}

// Service starts permit workflows.
type Service struct {
	repo      *Repository
	projects  ProjectReader
	temporal  workflows.Starter
	taskQueue string
	events    events.Publisher
}

// NewService builds a Service.
func NewService(repo *Repository, projects ProjectReader, starter workflows.Starter, taskQueue string, pub events.Publisher) *Service {
	return &Service{repo: repo, projects: projects, temporal: starter, taskQueue: taskQueue, events: pub}
}

// StartResult is returned to the API caller.
type StartResult struct {
	Permit     Permit `json:"permit"`
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
}

// Start opens the permit for a project and starts its workflow.
func (s *Service) Start(ctx context.Context, projectID uuid.UUID) (StartResult, error) {
	facts, err := s.projects.PermitFacts(ctx, projectID)
	if err != nil {
		return StartResult{}, err
	}
	if facts.PlanSetURL == "" {
		return StartResult{}, errors.New("plan set has not been uploaded")
	}
	p, err := s.repo.Ensure(ctx, projectID, facts.Jurisdiction)
	if err != nil {
		return StartResult{}, err
	}
	wfID := "permit-" + projectID.String()
	runID, err := workflows.StartOnce(ctx, s.temporal, wfID, s.taskQueue, PermitWorkflow, WorkflowInput{PermitID: p.ID, ProjectID: projectID})
	if err != nil {
		return StartResult{}, err
	}
	return StartResult{Permit: p, WorkflowID: wfID, RunID: runID}, nil
}
