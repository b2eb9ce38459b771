package payments

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/curbline-civic/permits/internal/domain"
	"github.com/curbline-civic/permits/internal/platform/database"
)

// Attempt is one try at charging a card online. Attempts are never updated
// after they finish; the support desk reads them to see how many times a
// resident tried.
type Attempt struct {
	ID            uuid.UUID  `db:"id"`
	ApplicationID uuid.UUID  `db:"application_id"`
	AmountCents   int64      `db:"amount_cents"`
	Outcome       string     `db:"outcome"`
	ChargeRef     *string    `db:"charge_ref"`
	StartedAt     time.Time  `db:"started_at"`
	FinishedAt    *time.Time `db:"finished_at"`
}

// Repo is the Postgres payments repository.
type Repo struct{ db *sqlx.DB }

// NewRepo returns a Repo.
func NewRepo(db *sqlx.DB) *Repo { return &Repo{db: db} }

func (r *Repo) InsertAttempt(ctx context.Context, a Attempt) error {
	_, err := database.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO payment_attempts (id, application_id, amount_cents, outcome, started_at)
		VALUES (:id, :application_id, :amount_cents, 'started', :started_at)`, a)
	if err != nil {
		return fmt.Errorf("insert attempt: %w", err)
	}
	return nil
}

func (r *Repo) FinishAttempt(ctx context.Context, id uuid.UUID, outcome string, chargeRef *string, at time.Time) error {
	_, err := database.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE payment_attempts SET outcome = $2, charge_ref = $3, finished_at = $4
		WHERE id = $1 AND finished_at IS NULL`, id, outcome, chargeRef, at)
	return err
}

func (r *Repo) InsertLedger(ctx context.Context, e domain.LedgerEntry) error {
	_, err := database.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO payments (id, application_id, source, amount_cents, provider_ref, received_at)
		VALUES (:id, :application_id, :source, :amount_cents, :provider_ref, :received_at)`, e)
	if err != nil {
		return fmt.Errorf("insert ledger entry: %w", err)
	}
	return nil
}

func (r *Repo) WebhookSeen(ctx context.Context, eventID string) (bool, error) {
	var n int
	err := database.Conn(ctx, r.db).GetContext(ctx, &n,
		`SELECT count(*) FROM paygate_webhook_events WHERE event_id = $1`, eventID)
	return n > 0, err
}

func (r *Repo) MarkWebhook(ctx context.Context, eventID, eventType string) error {
	_, err := database.Conn(ctx, r.db).ExecContext(ctx, `
		INSERT INTO paygate_webhook_events (event_id, event_type, received_at)
		VALUES ($1, $2, now())
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return err
}

// DailyTotals sums the ledger by source and zone revenue account for one
// business day in the city's time zone.
func (r *Repo) DailyTotals(ctx context.Context, day time.Time) ([]Total, error) {
	var out []Total
	err := database.Conn(ctx, r.db).SelectContext(ctx, &out, `
		SELECT z.revenue_account, p.source, sum(p.amount_cents) AS amount_cents, count(*) AS entries
		FROM payments p
		JOIN applications a ON a.id = p.application_id
		JOIN zones z ON z.code = a.zone_code
		WHERE (p.received_at AT TIME ZONE 'America/Chicago')::date = $1::date
		GROUP BY z.revenue_account, p.source
		ORDER BY 1, 2`, day.Format(time.DateOnly))
	return out, err
}

// Total is one row of DailyTotals.
type Total struct {
	RevenueAccount string `db:"revenue_account"`
	Source         string `db:"source"`
	AmountCents    int64  `db:"amount_cents"`
	Entries        int    `db:"entries"`
}
