package db

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

const ensureWalletAccount = `-- name: EnsureWalletAccount :exec
INSERT INTO wallet_accounts (rider_id)
VALUES ($1)
ON CONFLICT (rider_id) DO NOTHING`

func (q *Queries) EnsureWalletAccount(ctx context.Context, riderID uuid.UUID) error {
	_, err := q.db.Exec(ctx, ensureWalletAccount, riderID)
	return err
}

const getWalletForUpdate = `-- name: GetWalletForUpdate :one
SELECT rider_id, balance_cents, updated_at
FROM wallet_accounts
WHERE rider_id = $1
FOR UPDATE`

func (q *Queries) GetWalletForUpdate(ctx context.Context, riderID uuid.UUID) (WalletAccount, error) {
	row := q.db.QueryRow(ctx, getWalletForUpdate, riderID)
	var i WalletAccount
	err := row.Scan(&i.RiderID, &i.BalanceCents, &i.UpdatedAt)
	return i, err
}

const getWallet = `-- name: GetWallet :one
SELECT rider_id, balance_cents, updated_at
FROM wallet_accounts
WHERE rider_id = $1`

func (q *Queries) GetWallet(ctx context.Context, riderID uuid.UUID) (WalletAccount, error) {
	row := q.db.QueryRow(ctx, getWallet, riderID)
	var i WalletAccount
	err := row.Scan(&i.RiderID, &i.BalanceCents, &i.UpdatedAt)
	return i, err
}

const adjustWalletBalance = `-- name: AdjustWalletBalance :one
UPDATE wallet_accounts
SET balance_cents = balance_cents + $2, updated_at = now()
WHERE rider_id = $1
RETURNING balance_cents`

type AdjustWalletBalanceParams struct {
	RiderID uuid.UUID
	Delta   int64
}

func (q *Queries) AdjustWalletBalance(ctx context.Context, arg AdjustWalletBalanceParams) (int64, error) {
	row := q.db.QueryRow(ctx, adjustWalletBalance, arg.RiderID, arg.Delta)
	var balance int64
	err := row.Scan(&balance)
	return balance, err
}

const insertLedgerEntry = `-- name: InsertLedgerEntry :exec
INSERT INTO wallet_ledger (id, rider_id, amount_cents, reason, reference)
VALUES ($1, $2, $3, $4, $5)`

type InsertLedgerEntryParams struct {
	ID          uuid.UUID
	RiderID     uuid.UUID
	AmountCents int64
	Reason      string
	Reference   string
}

func (q *Queries) InsertLedgerEntry(ctx context.Context, arg InsertLedgerEntryParams) error {
	_, err := q.db.Exec(ctx, insertLedgerEntry,
		arg.ID,
		arg.RiderID,
		arg.AmountCents,
		arg.Reason,
		arg.Reference,
	)
	return err
}

const topupColumns = `id, rider_id, amount_cents, source, status, payment_intent_id, created_at, credited_at`

func scanTopup(row interface{ Scan(...any) error }) (Topup, error) {
	var i Topup
	err := row.Scan(
		&i.ID,
		&i.RiderID,
		&i.AmountCents,
		&i.Source,
		&i.Status,
		&i.PaymentIntentID,
		&i.CreatedAt,
		&i.CreditedAt,
	)
	return i, err
}

const createTopup = `-- name: CreateTopup :one
INSERT INTO topups (id, rider_id, amount_cents, source, status, payment_intent_id)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING ` + topupColumns

type CreateTopupParams struct {
	ID              string
	RiderID         uuid.UUID
	AmountCents     int64
	Source          string
	Status          string
	PaymentIntentID pgtype.Text
}

func (q *Queries) CreateTopup(ctx context.Context, arg CreateTopupParams) (Topup, error) {
	row := q.db.QueryRow(ctx, createTopup,
		arg.ID,
		arg.RiderID,
		arg.AmountCents,
		arg.Source,
		arg.Status,
		arg.PaymentIntentID,
	)
	return scanTopup(row)
}

const getTopupByPaymentIntent = `-- name: GetTopupByPaymentIntent :one
SELECT ` + topupColumns + ` FROM topups WHERE payment_intent_id = $1`

func (q *Queries) GetTopupByPaymentIntent(ctx context.Context, paymentIntentID pgtype.Text) (Topup, error) {
	return scanTopup(q.db.QueryRow(ctx, getTopupByPaymentIntent, paymentIntentID))
}

const markTopupCredited = `-- name: MarkTopupCredited :exec
UPDATE topups
SET status = 'credited', credited_at = now()
WHERE id = $1`

func (q *Queries) MarkTopupCredited(ctx context.Context, id string) error {
	_, err := q.db.Exec(ctx, markTopupCredited, id)
	return err
}
