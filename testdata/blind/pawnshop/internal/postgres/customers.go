package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/ironvault/pawnline/internal/domain"
)

type CustomerRepo struct{ base }

func NewCustomerRepo(db *sqlx.DB) *CustomerRepo { return &CustomerRepo{base{db}} }

const customerColumns = `id, branch_id, first_name, last_name, date_of_birth, phone, email,
	id_doc_type, id_doc_number, id_doc_state, stripe_customer_id, created_at`

func (r *CustomerRepo) Insert(ctx context.Context, c domain.Customer) error {
	_, err := r.q(ctx).NamedExecContext(ctx, `
		INSERT INTO customers (`+customerColumns+`)
		VALUES (:id, :branch_id, :first_name, :last_name, :date_of_birth, :phone, :email,
			:id_doc_type, :id_doc_number, :id_doc_state, :stripe_customer_id, :created_at)`, c)
	return mapErr(err)
}

func (r *CustomerRepo) Get(ctx context.Context, id uuid.UUID) (domain.Customer, error) {
	var c domain.Customer
	err := r.q(ctx).GetContext(ctx, &c, `SELECT `+customerColumns+` FROM customers WHERE id = $1`, id)
	return c, mapErr(err)
}

func (r *CustomerRepo) FindByPhone(ctx context.Context, phone string) ([]domain.Customer, error) {
	var cs []domain.Customer
	err := r.q(ctx).SelectContext(ctx, &cs,
		`SELECT `+customerColumns+` FROM customers WHERE phone = $1 ORDER BY created_at`, phone)
	return cs, mapErr(err)
}

func (r *CustomerRepo) SetConsent(ctx context.Context, c domain.Consent) error {
	_, err := r.q(ctx).ExecContext(ctx, `
		INSERT INTO customer_consents (customer_id, channel, granted, source, updated_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (customer_id, channel)
		DO UPDATE SET granted = EXCLUDED.granted, source = EXCLUDED.source, updated_at = EXCLUDED.updated_at`,
		c.CustomerID, c.Channel, c.Granted, c.Source, c.UpdatedAt)
	return mapErr(err)
}

func (r *CustomerRepo) HasConsent(ctx context.Context, customerID uuid.UUID, channel domain.Channel) (bool, error) {
	var granted bool
	err := r.q(ctx).GetContext(ctx, &granted,
		`SELECT granted FROM customer_consents WHERE customer_id = $1 AND channel = $2`, customerID, channel)
	if err = mapErr(err); errors.Is(err, domain.ErrNotFound) {
		return false, nil
	}
	return granted, err
}

type BranchRepo struct{ base }

func NewBranchRepo(db *sqlx.DB) *BranchRepo { return &BranchRepo{base{db}} }

func (r *BranchRepo) Get(ctx context.Context, id string) (domain.Branch, error) {
	var b domain.Branch
	err := r.q(ctx).GetContext(ctx, &b,
		`SELECT id, name, store_license, timezone, phone FROM branches WHERE id = $1`, id)
	return b, mapErr(err)
}

type MessageRepo struct{ base }

func NewMessageRepo(db *sqlx.DB) *MessageRepo { return &MessageRepo{base{db}} }

// Insert logs an outbound text. Our message id is the primary key, so
// logging the same message twice is a no-op.
func (r *MessageRepo) Insert(ctx context.Context, m domain.SMSMessage) error {
	_, err := r.q(ctx).NamedExecContext(ctx, `
		INSERT INTO sms_messages (id, customer_id, loan_id, purpose, to_phone, body, client_ref,
			provider_message_id, status)
		VALUES (:id, :customer_id, :loan_id, :purpose, :to_phone, :body, :client_ref,
			:provider_message_id, :status)
		ON CONFLICT (id) DO NOTHING`, m)
	return mapErr(err)
}

// UpdateStatus applies a delivery receipt. Terminal states are never
// overwritten, so late or replayed receipts cannot regress a message.
func (r *MessageRepo) UpdateStatus(ctx context.Context, providerMessageID, status string, at time.Time) (bool, error) {
	res, err := r.q(ctx).ExecContext(ctx, `
		UPDATE sms_messages SET status = $2, updated_at = $3
		WHERE provider_message_id = $1 AND status NOT IN ('delivered', 'failed', 'undeliverable')`,
		providerMessageID, status, at)
	if err != nil {
		return false, mapErr(err)
	}
	return affected(res)
}

// ClaimInbound stores an inbound text keyed by Textline's message id and
// reports whether this call stored it.
func (r *MessageRepo) ClaimInbound(ctx context.Context, in domain.InboundSMS) (bool, error) {
	res, err := r.q(ctx).NamedExecContext(ctx, `
		INSERT INTO inbound_sms (id, provider_message_id, from_phone, body, keyword, customer_id, received_at)
		VALUES (:id, :provider_message_id, :from_phone, :body, :keyword, :customer_id, :received_at)
		ON CONFLICT (provider_message_id) DO NOTHING`, in)
	if err != nil {
		return false, mapErr(err)
	}
	return affected(res)
}

func (r *MessageRepo) GetInbound(ctx context.Context, id uuid.UUID) (domain.InboundSMS, error) {
	var in domain.InboundSMS
	err := r.q(ctx).GetContext(ctx, &in, `
		SELECT id, provider_message_id, from_phone, body, keyword, customer_id, received_at
		FROM inbound_sms WHERE id = $1`, id)
	return in, mapErr(err)
}
