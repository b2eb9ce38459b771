package permits

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/curbline-civic/permits/internal/domain"
	"github.com/curbline-civic/permits/internal/platform/database"
)

// Repo is the Postgres permits repository.
type Repo struct{ db *sqlx.DB }

// NewRepo returns a Repo.
func NewRepo(db *sqlx.DB) *Repo { return &Repo{db: db} }

const permitColumns = `id, permit_number, application_id, resident_id, zone_code, plate, status,
	issued_at, expires_at, mailed_at, replaces_id`

func (r *Repo) Insert(ctx context.Context, p *domain.Permit) error {
	_, err := database.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO permits (id, permit_number, application_id, resident_id, zone_code, plate, status,
			issued_at, expires_at, replaces_id)
		VALUES (:id, :permit_number, :application_id, :resident_id, :zone_code, :plate, :status,
			:issued_at, :expires_at, :replaces_id)`, p)
	if err != nil {
		return fmt.Errorf("insert permit: %w", err)
	}
	return nil
}

func (r *Repo) Get(ctx context.Context, id uuid.UUID) (*domain.Permit, error) {
	var p domain.Permit
	err := database.Conn(ctx, r.db).GetContext(ctx, &p, `SELECT `+permitColumns+` FROM permits WHERE id = $1`, id)
	if err != nil {
		return nil, database.NotFound(err, domain.ErrNotFound)
	}
	return &p, nil
}

// Revoke deactivates an active permit.
func (r *Repo) Revoke(ctx context.Context, id uuid.UUID, reason string) (bool, error) {
	res, err := database.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE permits SET status = 'revoked', revoked_at = now(), revoke_reason = $2
		WHERE id = $1 AND status = 'active'`, id, reason)
	if err != nil {
		return false, fmt.Errorf("revoke permit: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

func (r *Repo) InsertEvent(ctx context.Context, permitID uuid.UUID, kind, detail string) error {
	_, err := database.Conn(ctx, r.db).ExecContext(ctx, `
		INSERT INTO permit_events (permit_id, kind, detail, occurred_at) VALUES ($1, $2, $3, now())`,
		permitID, kind, detail)
	return err
}

// ExtendExpiry pushes a permit's expiry out by whole years.
func (r *Repo) ExtendExpiry(ctx context.Context, id uuid.UUID, years int) (time.Time, error) {
	var until time.Time
	err := r.db.GetContext(ctx, &until, `
		UPDATE permits SET expires_at = expires_at + make_interval(years => $2)
		WHERE id = $1 AND status = 'active'
		RETURNING expires_at`, id, years)
	if err != nil {
		return time.Time{}, database.NotFound(err, domain.ErrPermitNotActive)
	}
	return until, nil
}

// DueForRenewal lists active permits expiring in [from, to).
func (r *Repo) DueForRenewal(ctx context.Context, from, to time.Time) ([]domain.Permit, error) {
	var out []domain.Permit
	err := database.Conn(ctx, r.db).SelectContext(ctx, &out, `
		SELECT `+permitColumns+` FROM permits
		WHERE status = 'active' AND expires_at >= $1 AND expires_at < $2
		ORDER BY expires_at`, from, to)
	return out, err
}

// Mailing is one request to the mail house for a permit.
type Mailing struct {
	ID          uuid.UUID  `db:"id"`
	PermitID    uuid.UUID  `db:"permit_id"`
	JobID       *string    `db:"mailhouse_job_id"`
	Status      string     `db:"status"`
	RequestedAt time.Time  `db:"requested_at"`
	UpdatedAt   *time.Time `db:"status_updated_at"`
}

func (r *Repo) InsertMailing(ctx context.Context, m Mailing) error {
	_, err := database.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO permit_mailings (id, permit_id, status, requested_at)
		VALUES (:id, :permit_id, :status, :requested_at)
		ON CONFLICT (id) DO NOTHING`, m)
	if err != nil {
		return fmt.Errorf("insert mailing: %w", err)
	}
	return nil
}

func (r *Repo) SetMailingJob(ctx context.Context, mailingID uuid.UUID, jobID string) error {
	_, err := database.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE permit_mailings SET mailhouse_job_id = $2, status = 'submitted', status_updated_at = now()
		WHERE id = $1`, mailingID, jobID)
	return err
}

// MarkMailed stamps the permit's first mailing date.
func (r *Repo) MarkMailed(ctx context.Context, permitID uuid.UUID, at time.Time) (bool, error) {
	res, err := database.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE permits SET mailed_at = $2 WHERE id = $1 AND mailed_at IS NULL`, permitID, at)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// ClaimCallback records a mail house callback ID; false means it was already
// recorded.
func (r *Repo) ClaimCallback(ctx context.Context, callbackID string) (bool, error) {
	var id string
	err := database.Conn(ctx, r.db).GetContext(ctx, &id, `
		INSERT INTO mailhouse_callbacks (callback_id, received_at) VALUES ($1, now())
		ON CONFLICT (callback_id) DO NOTHING
		RETURNING callback_id`, callbackID)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

func (r *Repo) UpdateMailingStatusByJob(ctx context.Context, jobID, status string, at time.Time) (uuid.UUID, error) {
	var permitID uuid.UUID
	err := database.Conn(ctx, r.db).GetContext(ctx, &permitID, `
		UPDATE permit_mailings SET status = $2, status_updated_at = $3
		WHERE mailhouse_job_id = $1
		RETURNING permit_id`, jobID, status, at)
	if err != nil {
		return uuid.Nil, database.NotFound(err, domain.ErrNotFound)
	}
	return permitID, nil
}

// MailingAddress returns the resident's name and address for a permit.
func (r *Repo) MailingAddress(ctx context.Context, permitID uuid.UUID) (domain.MailingAddress, error) {
	var a struct {
		Name       string `db:"full_name"`
		Line1      string `db:"address_line"`
		City       string `db:"city"`
		PostalCode string `db:"postal_code"`
	}
	err := database.Conn(ctx, r.db).GetContext(ctx, &a, `
		SELECT r.full_name, r.address_line, r.city, r.postal_code
		FROM permits p JOIN residents r ON r.id = p.resident_id
		WHERE p.id = $1`, permitID)
	if err != nil {
		return domain.MailingAddress{}, database.NotFound(err, domain.ErrNotFound)
	}
	return domain.MailingAddress{Name: a.Name, Line1: a.Line1, City: a.City, PostalCode: a.PostalCode}, nil
}
