package db

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"
)

const getCustomer = `-- name: GetCustomer :one
SELECT id, email, phone, stripe_customer_id, bureau_subject_id, credit_limit_cents, created_at
FROM customers
WHERE id = $1
`

func (q *Queries) GetCustomer(ctx context.Context, id string) (Customer, error) {
	row := q.db.QueryRow(ctx, getCustomer, id)
	var i Customer
	err := row.Scan(
		&i.ID,
		&i.Email,
		&i.Phone,
		&i.StripeCustomerID,
		&i.BureauSubjectID,
		&i.CreditLimitCents,
		&i.CreatedAt,
	)
	return i, err
}

const updateCustomerLimit = `-- name: UpdateCustomerLimit :exec
UPDATE customers SET credit_limit_cents = $2 WHERE id = $1
`

func (q *Queries) UpdateCustomerLimit(ctx context.Context, id string, limitCents int64) error {
	_, err := q.db.Exec(ctx, updateCustomerLimit, id, limitCents)
	return err
}

const createApplication = `-- name: CreateApplication :one
INSERT INTO applications (id, customer_id, merchant_id, order_ref, amount_cents, currency, term_months, status)
VALUES ($1, $2, $3, $4, $5, $6, $7, 'submitted')
RETURNING id, customer_id, merchant_id, order_ref, amount_cents, currency, term_months, status, created_at, updated_at
`

type CreateApplicationParams struct {
	ID          string
	CustomerID  string
	MerchantID  string
	OrderRef    string
	AmountCents int64
	Currency    string
	TermMonths  int32
}

func (q *Queries) CreateApplication(ctx context.Context, arg CreateApplicationParams) (Application, error) {
	row := q.db.QueryRow(ctx, createApplication,
		arg.ID,
		arg.CustomerID,
		arg.MerchantID,
		arg.OrderRef,
		arg.AmountCents,
		arg.Currency,
		arg.TermMonths,
	)
	var i Application
	err := row.Scan(
		&i.ID,
		&i.CustomerID,
		&i.MerchantID,
		&i.OrderRef,
		&i.AmountCents,
		&i.Currency,
		&i.TermMonths,
		&i.Status,
		&i.CreatedAt,
		&i.UpdatedAt,
	)
	return i, err
}

const getApplication = `-- name: GetApplication :one
SELECT id, customer_id, merchant_id, order_ref, amount_cents, currency, term_months, status, created_at, updated_at
FROM applications
WHERE id = $1
`

func (q *Queries) GetApplication(ctx context.Context, id string) (Application, error) {
	row := q.db.QueryRow(ctx, getApplication, id)
	var i Application
	err := row.Scan(
		&i.ID,
		&i.CustomerID,
		&i.MerchantID,
		&i.OrderRef,
		&i.AmountCents,
		&i.Currency,
		&i.TermMonths,
		&i.Status,
		&i.CreatedAt,
		&i.UpdatedAt,
	)
	return i, err
}

const cancelApplication = `-- name: CancelApplication :execrows
UPDATE applications
SET status = 'cancelled', updated_at = now()
WHERE id = $1 AND customer_id = $2 AND status IN ('submitted', 'checking', 'offered')
`

func (q *Queries) CancelApplication(ctx context.Context, id, customerID string) (int64, error) {
	result, err := q.db.Exec(ctx, cancelApplication, id, customerID)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected(), nil
}

const setApplicationStatus = `-- name: SetApplicationStatus :exec
UPDATE applications SET status = $2, updated_at = now() WHERE id = $1
`

func (q *Queries) SetApplicationStatus(ctx context.Context, id, status string) error {
	_, err := q.db.Exec(ctx, setApplicationStatus, id, status)
	return err
}

const insertCreditCheck = `-- name: InsertCreditCheck :one
INSERT INTO credit_checks (id, application_id, kind, status)
VALUES ($1, $2, $3, 'pending')
ON CONFLICT (application_id) DO NOTHING
RETURNING id
`

// InsertCreditCheck returns pgx.ErrNoRows when a check already exists for
// the application.
func (q *Queries) InsertCreditCheck(ctx context.Context, id, applicationID, kind string) (string, error) {
	row := q.db.QueryRow(ctx, insertCreditCheck, id, applicationID, kind)
	var out string
	err := row.Scan(&out)
	return out, err
}

const getCreditCheckByApplication = `-- name: GetCreditCheckByApplication :one
SELECT id, application_id, kind, bureau_ref, status, score, decided_at, created_at
FROM credit_checks
WHERE application_id = $1
`

func (q *Queries) GetCreditCheckByApplication(ctx context.Context, applicationID string) (CreditCheck, error) {
	row := q.db.QueryRow(ctx, getCreditCheckByApplication, applicationID)
	var i CreditCheck
	err := row.Scan(
		&i.ID,
		&i.ApplicationID,
		&i.Kind,
		&i.BureauRef,
		&i.Status,
		&i.Score,
		&i.DecidedAt,
		&i.CreatedAt,
	)
	return i, err
}

const markCreditCheckSubmitted = `-- name: MarkCreditCheckSubmitted :exec
UPDATE credit_checks SET bureau_ref = $2, status = 'submitted' WHERE id = $1 AND status = 'pending'
`

func (q *Queries) MarkCreditCheckSubmitted(ctx context.Context, id, bureauRef string) error {
	_, err := q.db.Exec(ctx, markCreditCheckSubmitted, id, bureauRef)
	return err
}

const recordCreditDecision = `-- name: RecordCreditDecision :exec
UPDATE credit_checks
SET status = $2, score = $3, decided_at = now()
WHERE id = $1
`

func (q *Queries) RecordCreditDecision(ctx context.Context, id, status string, score pgtype.Int4) error {
	_, err := q.db.Exec(ctx, recordCreditDecision, id, status, score)
	return err
}

const insertLimitIncreaseRequest = `-- name: InsertLimitIncreaseRequest :exec
INSERT INTO limit_increase_requests (id, customer_id, requested_cents, bureau_ref, score, status)
VALUES ($1, $2, $3, $4, $5, $6)
`

type InsertLimitIncreaseRequestParams struct {
	ID             string
	CustomerID     string
	RequestedCents int64
	BureauRef      string
	Score          pgtype.Int4
	Status         string
}

func (q *Queries) InsertLimitIncreaseRequest(ctx context.Context, arg InsertLimitIncreaseRequestParams) error {
	_, err := q.db.Exec(ctx, insertLimitIncreaseRequest,
		arg.ID,
		arg.CustomerID,
		arg.RequestedCents,
		arg.BureauRef,
		arg.Score,
		arg.Status,
	)
	return err
}

const insertOffer = `-- name: InsertOffer :exec
INSERT INTO offers (id, application_id, approved_cents, apr_bps, term_months, expires_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (application_id) DO NOTHING
`

type InsertOfferParams struct {
	ID            string
	ApplicationID string
	ApprovedCents int64
	AprBps        int32
	TermMonths    int32
	ExpiresAt     pgtype.Timestamptz
}

func (q *Queries) InsertOffer(ctx context.Context, arg InsertOfferParams) error {
	_, err := q.db.Exec(ctx, insertOffer,
		arg.ID,
		arg.ApplicationID,
		arg.ApprovedCents,
		arg.AprBps,
		arg.TermMonths,
		arg.ExpiresAt,
	)
	return err
}

const getOfferForUpdate = `-- name: GetOfferForUpdate :one
SELECT id, application_id, approved_cents, apr_bps, term_months, status, expires_at, created_at
FROM offers
WHERE id = $1
FOR UPDATE
`

func (q *Queries) GetOfferForUpdate(ctx context.Context, id string) (Offer, error) {
	row := q.db.QueryRow(ctx, getOfferForUpdate, id)
	var i Offer
	err := row.Scan(
		&i.ID,
		&i.ApplicationID,
		&i.ApprovedCents,
		&i.AprBps,
		&i.TermMonths,
		&i.Status,
		&i.ExpiresAt,
		&i.CreatedAt,
	)
	return i, err
}

const markOfferAccepted = `-- name: MarkOfferAccepted :exec
UPDATE offers SET status = 'accepted' WHERE id = $1
`

func (q *Queries) MarkOfferAccepted(ctx context.Context, id string) error {
	_, err := q.db.Exec(ctx, markOfferAccepted, id)
	return err
}
