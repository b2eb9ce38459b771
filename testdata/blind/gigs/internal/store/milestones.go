package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// Contracts reads contracts. Contracts are created by the marketplace
// service and replicated here; escrow never writes them.
type Contracts struct{}

const contractCols = `id, client_id, freelancer_id, client_email, freelancer_email, currency, fee_bps, status, created_at`

func scanContract(row pgx.Row) (Contract, error) {
	var c Contract
	err := row.Scan(&c.ID, &c.ClientID, &c.FreelancerID, &c.ClientEmail, &c.FreelancerEmail,
		&c.Currency, &c.FeeBps, &c.Status, &c.CreatedAt)
	return c, err
}

func (Contracts) Get(ctx context.Context, q Querier, id string) (Contract, error) {
	c, err := scanContract(q.QueryRow(ctx, `SELECT `+contractCols+` FROM contracts WHERE id = $1`, id))
	return c, one("contracts.get", err)
}

// ForMilestone returns the contract a milestone belongs to.
func (Contracts) ForMilestone(ctx context.Context, q Querier, milestoneID string) (Contract, error) {
	c, err := scanContract(q.QueryRow(ctx, `
		SELECT c.id, c.client_id, c.freelancer_id, c.client_email, c.freelancer_email,
		       c.currency, c.fee_bps, c.status, c.created_at
		FROM contracts c JOIN milestones m ON m.contract_id = c.id
		WHERE m.id = $1`, milestoneID))
	return c, one("contracts.for_milestone", err)
}

// Milestones persists milestones.
type Milestones struct{}

const milestoneCols = `id, contract_id, title, description, amount_minor, currency, status,
	due_at, submitted_at, approved_at, cancelled_at, created_at, updated_at`

func scanMilestone(row pgx.Row) (Milestone, error) {
	var m Milestone
	var status string
	err := row.Scan(&m.ID, &m.ContractID, &m.Title, &m.Description, &m.AmountMinor, &m.Currency, &status,
		&m.DueAt, &m.SubmittedAt, &m.ApprovedAt, &m.CancelledAt, &m.CreatedAt, &m.UpdatedAt)
	m.Status = MilestoneStatus(status)
	return m, err
}

func (Milestones) Insert(ctx context.Context, q Querier, m Milestone) error {
	_, err := q.Exec(ctx, `
		INSERT INTO milestones (id, contract_id, title, description, amount_minor, currency, status, due_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		m.ID, m.ContractID, m.Title, m.Description, m.AmountMinor, m.Currency, string(m.Status), m.DueAt)
	return wrap("milestones.insert", err)
}

func (Milestones) Get(ctx context.Context, q Querier, id string) (Milestone, error) {
	m, err := scanMilestone(q.QueryRow(ctx, `SELECT `+milestoneCols+` FROM milestones WHERE id = $1`, id))
	return m, one("milestones.get", err)
}

// GetForUpdate locks the milestone row for the rest of the transaction.
func (Milestones) GetForUpdate(ctx context.Context, q Querier, id string) (Milestone, error) {
	m, err := scanMilestone(q.QueryRow(ctx, `SELECT `+milestoneCols+` FROM milestones WHERE id = $1 FOR UPDATE`, id))
	return m, one("milestones.get_for_update", err)
}

// SetStatus moves the milestone to status unconditionally and stamps the
// matching timestamp column.
func (Milestones) SetStatus(ctx context.Context, q Querier, id string, status MilestoneStatus) error {
	_, err := q.Exec(ctx, `
		UPDATE milestones SET
			status       = $2,
			submitted_at = CASE WHEN $2 = 'submitted' THEN now() ELSE submitted_at END,
			approved_at  = CASE WHEN $2 = 'approved'  THEN now() ELSE approved_at  END,
			cancelled_at = CASE WHEN $2 = 'cancelled' THEN now() ELSE cancelled_at END,
			updated_at   = now()
		WHERE id = $1`, id, string(status))
	return wrap("milestones.set_status", err)
}

// Transition moves the milestone to `to` only if it is currently in one of
// `from`. It reports whether the row changed.
func (Milestones) Transition(ctx context.Context, q Querier, id string, to MilestoneStatus, from ...MilestoneStatus) (bool, error) {
	fromS := make([]string, len(from))
	for i, f := range from {
		fromS[i] = string(f)
	}
	tag, err := q.Exec(ctx, `
		UPDATE milestones SET
			status       = $2,
			submitted_at = CASE WHEN $2 = 'submitted' THEN now() ELSE submitted_at END,
			approved_at  = CASE WHEN $2 = 'approved'  THEN now() ELSE approved_at  END,
			cancelled_at = CASE WHEN $2 = 'cancelled' THEN now() ELSE cancelled_at END,
			updated_at   = now()
		WHERE id = $1 AND status = ANY($3)`, id, string(to), fromS)
	if err != nil {
		return false, wrap("milestones.transition", err)
	}
	return tag.RowsAffected() == 1, nil
}

// ListSubmittedBefore returns milestones awaiting review since before cutoff.
func (Milestones) ListSubmittedBefore(ctx context.Context, q Querier, cutoff time.Time, limit int) ([]Milestone, error) {
	rows, err := q.Query(ctx, `
		SELECT `+milestoneCols+` FROM milestones
		WHERE status = 'submitted' AND submitted_at < $1
		ORDER BY submitted_at
		LIMIT $2`, cutoff, limit)
	if err != nil {
		return nil, wrap("milestones.list_submitted_before", err)
	}
	return collect(rows, scanMilestone)
}
