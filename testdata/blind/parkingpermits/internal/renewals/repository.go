package renewals

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/curbline-civic/permits/internal/domain"
	"github.com/curbline-civic/permits/internal/platform/database"
)

// Target is a permit with what the renewal steps need about its holder.
type Target struct {
	PermitID      uuid.UUID `db:"permit_id"`
	PermitNumber  string    `db:"permit_number"`
	Status        string    `db:"status"`
	ZoneCode      string    `db:"zone_code"`
	Plate         string    `db:"plate"`
	ExpiresAt     time.Time `db:"expires_at"`
	ResidentID    uuid.UUID `db:"resident_id"`
	Name          string    `db:"full_name"`
	Email         string    `db:"email"`
	FeeCents      int64     `db:"annual_fee_cents"`
	CustomerID    *string   `db:"paygate_customer_id"`
	MethodID      *string   `db:"paygate_method_id"`
	ApplicationID uuid.UUID `db:"application_id"`
}

// Order is a renewal order: one per permit and term year.
type Order struct {
	ID          uuid.UUID `db:"id"`
	PermitID    uuid.UUID `db:"permit_id"`
	TermYear    int       `db:"term_year"`
	AmountCents int64     `db:"amount_cents"`
	Status      string    `db:"status"`
	ChargeRef   *string   `db:"charge_ref"`
	CreatedAt   time.Time `db:"created_at"`
}

// Term is one year of a permit's validity.
type Term struct {
	PermitID uuid.UUID `db:"permit_id"`
	TermYear int       `db:"term_year"`
	EndsAt   time.Time `db:"ends_at"`
	OrderID  uuid.UUID `db:"order_id"`
}

// Repo is the Postgres renewals repository.
type Repo struct{ db *sqlx.DB }

// NewRepo returns a Repo.
func NewRepo(db *sqlx.DB) *Repo { return &Repo{db: db} }

func (r *Repo) Target(ctx context.Context, permitID uuid.UUID) (*Target, error) {
	var t Target
	err := database.Conn(ctx, r.db).GetContext(ctx, &t, `
		SELECT p.id AS permit_id, p.permit_number, p.status, p.zone_code, p.plate, p.expires_at,
		       p.application_id, r.id AS resident_id, r.full_name, r.email, z.annual_fee_cents,
		       c.paygate_customer_id, c.paygate_method_id
		FROM permits p
		JOIN residents r ON r.id = p.resident_id
		JOIN zones z ON z.code = p.zone_code
		LEFT JOIN saved_cards c ON c.resident_id = r.id AND c.active
		WHERE p.id = $1`, permitID)
	if err != nil {
		return nil, database.NotFound(err, domain.ErrNotFound)
	}
	return &t, nil
}

func (r *Repo) RecordNotice(ctx context.Context, permitID uuid.UUID, termYear int, at time.Time) error {
	_, err := database.Conn(ctx, r.db).ExecContext(ctx, `
		INSERT INTO renewal_notices (permit_id, term_year, sent_at) VALUES ($1, $2, $3)
		ON CONFLICT (permit_id, term_year) DO NOTHING`, permitID, termYear, at)
	return err
}

// CreateOrder opens the renewal order for a permit and term.
func (r *Repo) CreateOrder(ctx context.Context, o Order) error {
	_, err := database.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO renewal_orders (id, permit_id, term_year, amount_cents, status, created_at)
		VALUES (:id, :permit_id, :term_year, :amount_cents, :status, :created_at)`, o)
	if err != nil {
		return fmt.Errorf("create renewal order: %w", err)
	}
	return nil
}

func (r *Repo) GetOrder(ctx context.Context, id uuid.UUID) (*Order, error) {
	var o Order
	err := database.Conn(ctx, r.db).GetContext(ctx, &o, `
		SELECT id, permit_id, term_year, amount_cents, status, charge_ref, created_at
		FROM renewal_orders WHERE id = $1`, id)
	if err != nil {
		return nil, database.NotFound(err, domain.ErrNotFound)
	}
	return &o, nil
}

func (r *Repo) SetOrderStatus(ctx context.Context, id uuid.UUID, from, to string, chargeRef *string) (bool, error) {
	res, err := database.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE renewal_orders SET status = $3, charge_ref = COALESCE($4, charge_ref), updated_at = now()
		WHERE id = $1 AND status = $2`, id, from, to, chargeRef)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// InsertLedger books the renewal payment under the order's ID.
func (r *Repo) InsertLedger(ctx context.Context, e domain.LedgerEntry) error {
	_, err := database.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO payments (id, application_id, source, amount_cents, provider_ref, received_at)
		VALUES (:id, :application_id, :source, :amount_cents, :provider_ref, :received_at)
		ON CONFLICT (id) DO NOTHING`, e)
	return err
}

func (r *Repo) InsertTerm(ctx context.Context, t Term) error {
	_, err := database.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO permit_terms (permit_id, term_year, ends_at, order_id)
		VALUES (:permit_id, :term_year, :ends_at, :order_id)`, t)
	if err != nil {
		return fmt.Errorf("insert term: %w", err)
	}
	return nil
}
