package applications

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/curbline-civic/permits/internal/domain"
	"github.com/curbline-civic/permits/internal/platform/database"
)

// Repo is the Postgres implementation of Repository.
type Repo struct {
	db *sqlx.DB
}

// NewRepo returns a repository on db.
func NewRepo(db *sqlx.DB) *Repo { return &Repo{db: db} }

const applicationColumns = `id, resident_id, zone_code, plate, plate_state, status, fee_cents,
	charge_ref, submitted_at, paid_at, decided_at, decided_by, decision_reason`

func (r *Repo) Insert(ctx context.Context, a *domain.Application) error {
	_, err := database.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO applications (id, resident_id, zone_code, plate, plate_state, status, fee_cents, submitted_at)
		VALUES (:id, :resident_id, :zone_code, :plate, :plate_state, :status, :fee_cents, :submitted_at)`, a)
	if err != nil {
		return fmt.Errorf("insert application: %w", err)
	}
	return nil
}

func (r *Repo) Get(ctx context.Context, id uuid.UUID) (*domain.Application, error) {
	var a domain.Application
	err := database.Conn(ctx, r.db).GetContext(ctx, &a,
		`SELECT `+applicationColumns+` FROM applications WHERE id = $1`, id)
	if err != nil {
		return nil, database.NotFound(err, domain.ErrNotFound)
	}
	return &a, nil
}

func (r *Repo) GetForUpdate(ctx context.Context, id uuid.UUID) (*domain.Application, error) {
	var a domain.Application
	err := database.Conn(ctx, r.db).GetContext(ctx, &a,
		`SELECT `+applicationColumns+` FROM applications WHERE id = $1 FOR UPDATE`, id)
	if err != nil {
		return nil, database.NotFound(err, domain.ErrNotFound)
	}
	return &a, nil
}

func (r *Repo) Resident(ctx context.Context, id uuid.UUID) (*domain.Resident, error) {
	var res domain.Resident
	err := database.Conn(ctx, r.db).GetContext(ctx, &res, `
		SELECT id, full_name, email, phone, address_line, city, postal_code
		FROM residents WHERE id = $1`, id)
	if err != nil {
		return nil, database.NotFound(err, domain.ErrNotFound)
	}
	return &res, nil
}

func (r *Repo) Zone(ctx context.Context, code string) (*domain.Zone, error) {
	var z domain.Zone
	err := database.Conn(ctx, r.db).GetContext(ctx, &z,
		`SELECT code, name, annual_fee_cents, revenue_account FROM zones WHERE code = $1 AND active`, code)
	if err != nil {
		return nil, database.NotFound(err, domain.ErrInvalid)
	}
	return &z, nil
}

// SetStatus moves an application from one status to another. It reports
// whether the row was in the expected status.
func (r *Repo) SetStatus(ctx context.Context, id uuid.UUID, from []string, to string) (bool, error) {
	q, args, err := sqlx.In(`UPDATE applications SET status = ? WHERE id = ? AND status IN (?)`, to, id, from)
	if err != nil {
		return false, err
	}
	res, err := database.Conn(ctx, r.db).ExecContext(ctx, r.db.Rebind(q), args...)
	if err != nil {
		return false, fmt.Errorf("set application status: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// MarkPaid records payment on an application still awaiting it.
func (r *Repo) MarkPaid(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	res, err := database.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE applications SET status = 'paid', paid_at = $2
		WHERE id = $1 AND status IN ('awaiting_payment', 'payment_pending')`, id, at)
	if err != nil {
		return false, fmt.Errorf("mark paid: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

func (r *Repo) SetChargeRef(ctx context.Context, id uuid.UUID, ref string) error {
	_, err := database.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE applications SET charge_ref = $2, status = 'payment_pending'
		WHERE id = $1 AND status = 'awaiting_payment'`, id, ref)
	return err
}

// RecordDecision stores the officer's decision on an application under review.
func (r *Repo) RecordDecision(ctx context.Context, id uuid.UUID, status, officer, reason string, at time.Time) (bool, error) {
	res, err := database.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE applications
		SET status = $2, decided_by = $3, decision_reason = $4, decided_at = $5
		WHERE id = $1 AND status = 'in_review'`, id, status, officer, reason, at)
	if err != nil {
		return false, fmt.Errorf("record decision: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// AddNote stores an officer note. Note IDs come from the officer console,
// which creates one per note before the first send.
func (r *Repo) AddNote(ctx context.Context, n Note) (bool, error) {
	res, err := database.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO application_notes (id, application_id, author, body, created_at)
		VALUES (:id, :application_id, :author, :body, :created_at)
		ON CONFLICT (id) DO NOTHING`, n)
	if err != nil {
		return false, fmt.Errorf("add note: %w", err)
	}
	c, _ := res.RowsAffected()
	return c == 1, nil
}

func (r *Repo) Notes(ctx context.Context, applicationID uuid.UUID) ([]Note, error) {
	var out []Note
	err := database.Conn(ctx, r.db).SelectContext(ctx, &out, `
		SELECT id, application_id, author, body, created_at
		FROM application_notes WHERE application_id = $1 ORDER BY created_at`, applicationID)
	return out, err
}
