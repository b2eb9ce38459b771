// Package projects tracks an installation from signed contract to PTO.
package projects

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
)

// Project statuses.
const (
	StatusNew        = "new"
	StatusPermitting = "permitting"
	StatusPermitted  = "permitted"
	StatusScheduled  = "scheduled"
	StatusInstalled  = "installed"
	StatusPTO        = "pto_granted"
)

// Project is one installation.
type Project struct {
	ID           uuid.UUID  `json:"id"`
	ContractID   uuid.UUID  `json:"contract_id"`
	Number       string     `json:"number"`
	CustomerID   uuid.UUID  `json:"customer_id"`
	InstallerID  *uuid.UUID `json:"installer_id,omitempty"`
	SiteAddress  string     `json:"site_address"`
	Jurisdiction string     `json:"jurisdiction"`
	UtilityCode  string     `json:"utility_code"`
	Status       string     `json:"status"`
	CreatedAt    time.Time  `json:"created_at"`
}

// Repository persists projects.
type Repository struct {
	db database.DBTX
	tx database.TxManager
}

// NewRepository builds a Repository.
func NewRepository(db database.DBTX, tx database.TxManager) *Repository {
	return &Repository{db: db, tx: tx}
}

const projectColumns = `id, contract_id, number, customer_id, installer_id, site_address,
	jurisdiction, utility_code, status, created_at`

func scanProject(row interface{ Scan(...any) error }) (Project, error) {
	var p Project
	var inst uuid.NullUUID
	err := row.Scan(&p.ID, &p.ContractID, &p.Number, &p.CustomerID, &inst, &p.SiteAddress,
		&p.Jurisdiction, &p.UtilityCode, &p.Status, &p.CreatedAt)
	if inst.Valid {
		p.InstallerID = &inst.UUID
	}
	return p, database.NotFound(err)
}

// Get loads a project.
func (r *Repository) Get(ctx context.Context, id uuid.UUID) (Project, error) {
	return scanProject(database.Executor(ctx, r.db).QueryRowContext(ctx,
		`SELECT `+projectColumns+` FROM projects WHERE id = $1`, id))
}

// GetByContract loads the project of a contract.
func (r *Repository) GetByContract(ctx context.Context, contractID uuid.UUID) (Project, error) {
	return scanProject(database.Executor(ctx, r.db).QueryRowContext(ctx,
		`SELECT `+projectColumns+` FROM projects WHERE contract_id = $1`, contractID))
}

// InsertForContract creates the project unless the contract already has one.
func (r *Repository) InsertForContract(ctx context.Context, p Project) (Project, bool, error) {
	q := database.Executor(ctx, r.db)
	err := q.QueryRowContext(ctx, `
		INSERT INTO projects (id, contract_id, number, customer_id, site_address, jurisdiction, utility_code, status)
		VALUES ($1, $2, 'SR-' || nextval('project_number_seq'), $3, $4, $5, $6, $7)
		ON CONFLICT (contract_id) DO NOTHING
		RETURNING number, created_at`,
		p.ID, p.ContractID, p.CustomerID, p.SiteAddress, p.Jurisdiction, p.UtilityCode, p.Status).Scan(&p.Number, &p.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		existing, err := r.GetByContract(ctx, p.ContractID)
		return existing, false, err
	}
	return p, err == nil, err
}

// SetStatus moves a project to status.
func (r *Repository) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx,
		`UPDATE projects SET status = $2 WHERE id = $1`, id, status)
	return err
}

// Service implements project use cases.
type Service struct {
	repo *Repository
	tx   database.TxManager
}

// NewService builds a Service.
func NewService(repo *Repository, tx database.TxManager) *Service {
	return &Service{repo: repo, tx: tx}
}

// OpenForContract creates the project for a newly signed contract.
func (s *Service) OpenForContract(ctx context.Context, evt events.ContractSigned) (Project, error) {
	p, created, err := s.repo.InsertForContract(ctx, Project{
		ID:           uuid.New(),
		ContractID:   evt.ContractID,
		CustomerID:   evt.CustomerID,
		SiteAddress:  evt.SiteAddress,
		Jurisdiction: evt.Jurisdiction,
		UtilityCode:  evt.UtilityCode,
		Status:       StatusNew,
	})
	if err != nil {
		return Project{}, fmt.Errorf("open project for contract %s: %w", evt.ContractID, err)
	}
	if !created {
		slog.InfoContext(ctx, "project already open", "contract_id", evt.ContractID, "project", p.Number)
	}
	return p, nil
}

// Get returns a project.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (Project, error) {
	return s.repo.Get(ctx, id)
}
