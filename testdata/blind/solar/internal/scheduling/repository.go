package scheduling

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
)

// Crew is an installation crew.
type Crew struct {
	ID          uuid.UUID
	InstallerID uuid.UUID
	Name        string
	LeadPhone   string
}

// Repository persists jobs, crews and assignments.
type Repository struct {
	db database.DBTX
	tx database.TxManager
}

// NewRepository builds a Repository.
func NewRepository(db database.DBTX, tx database.TxManager) *Repository {
	return &Repository{db: db, tx: tx}
}

// InsertJob stores a new install job.
func (r *Repository) InsertJob(ctx context.Context, j Job) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO install_jobs (id, project_id, permit_id, status, priority)
		VALUES ($1, $2, $3, $4, $5)`, j.ID, j.ProjectID, j.PermitID, j.Status, j.Priority)
	return err
}

// SetJobStatus moves the project's open jobs to status.
func (r *Repository) SetJobStatus(ctx context.Context, projectID uuid.UUID, status string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE install_jobs SET status = $2 WHERE project_id = $1 AND status IN ('ready', 'scheduled')`,
		projectID, status)
	return err
}

// LockCrew loads and row-locks an active crew.
func (r *Repository) LockCrew(ctx context.Context, id uuid.UUID) (Crew, error) {
	var c Crew
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT id, installer_id, name, lead_phone FROM crews WHERE id = $1 AND active FOR UPDATE`, id).Scan(
		&c.ID, &c.InstallerID, &c.Name, &c.LeadPhone)
	return c, database.NotFound(err)
}

// Overlaps reports whether the crew has a booking intersecting [from, to).
func (r *Repository) Overlaps(ctx context.Context, crewID uuid.UUID, from, to time.Time) (bool, error) {
	var busy bool
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT EXISTS (
			SELECT 1 FROM crew_assignments
			WHERE crew_id = $1 AND status = 'booked' AND starts_at < $3 AND ends_at > $2)`,
		crewID, from, to).Scan(&busy)
	return busy, err
}

// InsertAssignment stores a booking.
func (r *Repository) InsertAssignment(ctx context.Context, a Assignment) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO crew_assignments (id, project_id, crew_id, starts_at, ends_at, status)
		VALUES ($1, $2, $3, $4, $5, $6)`, a.ID, a.ProjectID, a.CrewID, a.StartsAt, a.EndsAt, a.Status)
	return err
}

// GetAssignment loads a booking.
func (r *Repository) GetAssignment(ctx context.Context, id uuid.UUID) (Assignment, error) {
	var a Assignment
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT id, project_id, crew_id, starts_at, ends_at, status FROM crew_assignments WHERE id = $1`, id).Scan(
		&a.ID, &a.ProjectID, &a.CrewID, &a.StartsAt, &a.EndsAt, &a.Status)
	return a, database.NotFound(err)
}
