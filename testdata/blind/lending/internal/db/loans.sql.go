package db

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"
)

const loanColumns = `id, offer_id, customer_id, bank_account_id, principal_cents, balance_cents, fees_cents, currency, status, autopay_pm, version, disbursed_at, charged_off_at, created_at, updated_at`

func scanLoan(row interface{ Scan(...any) error }) (Loan, error) {
	var i Loan
	err := row.Scan(
		&i.ID,
		&i.OfferID,
		&i.CustomerID,
		&i.BankAccountID,
		&i.PrincipalCents,
		&i.BalanceCents,
		&i.FeesCents,
		&i.Currency,
		&i.Status,
		&i.AutopayPm,
		&i.Version,
		&i.DisbursedAt,
		&i.ChargedOffAt,
		&i.CreatedAt,
		&i.UpdatedAt,
	)
	return i, err
}

const insertLoan = `-- name: InsertLoan :one
INSERT INTO loans (id, offer_id, customer_id, bank_account_id, principal_cents, currency)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (offer_id) DO NOTHING
RETURNING ` + loanColumns

type InsertLoanParams struct {
	ID             string
	OfferID        string
	CustomerID     string
	BankAccountID  pgtype.Text
	PrincipalCents int64
	Currency       string
}

// InsertLoan returns pgx.ErrNoRows when a loan already exists for the offer.
func (q *Queries) InsertLoan(ctx context.Context, arg InsertLoanParams) (Loan, error) {
	row := q.db.QueryRow(ctx, insertLoan,
		arg.ID,
		arg.OfferID,
		arg.CustomerID,
		arg.BankAccountID,
		arg.PrincipalCents,
		arg.Currency,
	)
	return scanLoan(row)
}

const getLoan = `-- name: GetLoan :one
SELECT ` + loanColumns + ` FROM loans WHERE id = $1`

func (q *Queries) GetLoan(ctx context.Context, id string) (Loan, error) {
	return scanLoan(q.db.QueryRow(ctx, getLoan, id))
}

const getLoanForUpdate = `-- name: GetLoanForUpdate :one
SELECT ` + loanColumns + ` FROM loans WHERE id = $1 FOR UPDATE`

func (q *Queries) GetLoanForUpdate(ctx context.Context, id string) (Loan, error) {
	return scanLoan(q.db.QueryRow(ctx, getLoanForUpdate, id))
}

const getLoanByOffer = `-- name: GetLoanByOffer :one
SELECT ` + loanColumns + ` FROM loans WHERE offer_id = $1`

func (q *Queries) GetLoanByOffer(ctx context.Context, offerID string) (Loan, error) {
	return scanLoan(q.db.QueryRow(ctx, getLoanByOffer, offerID))
}

const getLoanByOrder = `-- name: GetLoanByOrder :one
SELECT l.id, l.offer_id, l.customer_id, l.bank_account_id, l.principal_cents, l.balance_cents, l.fees_cents,
       l.currency, l.status, l.autopay_pm, l.version, l.disbursed_at, l.charged_off_at, l.created_at, l.updated_at
FROM loans l
JOIN offers o ON o.id = l.offer_id
JOIN applications a ON a.id = o.application_id
WHERE a.merchant_id = $1 AND a.order_ref = $2 AND l.status <> 'cancelled'
ORDER BY l.created_at DESC
LIMIT 1
`

func (q *Queries) GetLoanByOrder(ctx context.Context, merchantID, orderRef string) (Loan, error) {
	return scanLoan(q.db.QueryRow(ctx, getLoanByOrder, merchantID, orderRef))
}

const activateLoan = `-- name: ActivateLoan :exec
UPDATE loans
SET status = 'active', balance_cents = balance_cents + $2, disbursed_at = now(), updated_at = now()
WHERE id = $1
`

func (q *Queries) ActivateLoan(ctx context.Context, id string, amountCents int64) error {
	_, err := q.db.Exec(ctx, activateLoan, id, amountCents)
	return err
}

const setLoanStatus = `-- name: SetLoanStatus :exec
UPDATE loans SET status = $2, updated_at = now() WHERE id = $1
`

func (q *Queries) SetLoanStatus(ctx context.Context, id, status string) error {
	_, err := q.db.Exec(ctx, setLoanStatus, id, status)
	return err
}

const adjustLoanBalance = `-- name: AdjustLoanBalance :one
UPDATE loans
SET balance_cents = balance_cents + $2, updated_at = now()
WHERE id = $1
RETURNING balance_cents
`

// AdjustLoanBalance adds delta (which may be negative) to the outstanding
// balance and returns the new balance.
func (q *Queries) AdjustLoanBalance(ctx context.Context, id string, delta int64) (int64, error) {
	row := q.db.QueryRow(ctx, adjustLoanBalance, id, delta)
	var balance int64
	err := row.Scan(&balance)
	return balance, err
}

const addLoanFees = `-- name: AddLoanFees :exec
UPDATE loans SET fees_cents = fees_cents + $2, updated_at = now() WHERE id = $1
`

func (q *Queries) AddLoanFees(ctx context.Context, id string, delta int64) error {
	_, err := q.db.Exec(ctx, addLoanFees, id, delta)
	return err
}

const markLoanPaidOff = `-- name: MarkLoanPaidOff :exec
UPDATE loans SET status = 'paid_off', balance_cents = 0, updated_at = now() WHERE id = $1
`

func (q *Queries) MarkLoanPaidOff(ctx context.Context, id string) error {
	_, err := q.db.Exec(ctx, markLoanPaidOff, id)
	return err
}

const markLoanChargedOff = `-- name: MarkLoanChargedOff :execrows
UPDATE loans SET status = 'charged_off', charged_off_at = now(), updated_at = now()
WHERE id = $1 AND status = 'active'
`

func (q *Queries) MarkLoanChargedOff(ctx context.Context, id string) (int64, error) {
	tag, err := q.db.Exec(ctx, markLoanChargedOff, id)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const setLoanAutopay = `-- name: SetLoanAutopay :exec
UPDATE loans SET autopay_pm = $2, updated_at = now() WHERE id = $1
`

func (q *Queries) SetLoanAutopay(ctx context.Context, id string, pm pgtype.Text) error {
	_, err := q.db.Exec(ctx, setLoanAutopay, id, pm)
	return err
}

const upsertAutopayMandate = `-- name: UpsertAutopayMandate :exec
INSERT INTO autopay_mandates (loan_id, payment_method_id, enabled)
VALUES ($1, $2, $3)
ON CONFLICT (loan_id) DO UPDATE
SET payment_method_id = EXCLUDED.payment_method_id, enabled = EXCLUDED.enabled, updated_at = now()
`

func (q *Queries) UpsertAutopayMandate(ctx context.Context, loanID, pm string, enabled bool) error {
	_, err := q.db.Exec(ctx, upsertAutopayMandate, loanID, pm, enabled)
	return err
}

const bumpLoanVersion = `-- name: BumpLoanVersion :execrows
UPDATE loans SET version = version + 1, updated_at = now() WHERE id = $1 AND version = $2
`

func (q *Queries) BumpLoanVersion(ctx context.Context, id string, expected int32) (int64, error) {
	tag, err := q.db.Exec(ctx, bumpLoanVersion, id, expected)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const listChargeOffCandidates = `-- name: ListChargeOffCandidates :many
SELECT DISTINCT l.id, l.balance_cents, l.fees_cents
FROM loans l
JOIN instalments i ON i.loan_id = l.id
WHERE l.status = 'active' AND i.status = 'overdue' AND i.due_date < $1
ORDER BY l.id
LIMIT $2
`

type ChargeOffCandidate struct {
	ID           string
	BalanceCents int64
	FeesCents    int64
}

func (q *Queries) ListChargeOffCandidates(ctx context.Context, cutoff pgtype.Date, limit int32) ([]ChargeOffCandidate, error) {
	rows, err := q.db.Query(ctx, listChargeOffCandidates, cutoff, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []ChargeOffCandidate
	for rows.Next() {
		var i ChargeOffCandidate
		if err := rows.Scan(&i.ID, &i.BalanceCents, &i.FeesCents); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const insertLedgerEntry = `-- name: InsertLedgerEntry :exec
INSERT INTO ledger_entries (id, loan_id, entry_type, amount_cents, ref)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (loan_id, entry_type, ref) DO NOTHING
`

type InsertLedgerEntryParams struct {
	ID          string
	LoanID      string
	EntryType   string
	AmountCents int64
	Ref         string
}

func (q *Queries) InsertLedgerEntry(ctx context.Context, arg InsertLedgerEntryParams) error {
	_, err := q.db.Exec(ctx, insertLedgerEntry, arg.ID, arg.LoanID, arg.EntryType, arg.AmountCents, arg.Ref)
	return err
}
