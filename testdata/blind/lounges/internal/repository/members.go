package repository

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/aerolounge/loungepass/internal/domain"
)

type MemberRepo struct {
	db *sqlx.DB
}

func NewMemberRepo(db *sqlx.DB) *MemberRepo { return &MemberRepo{db: db} }

// Upsert creates a member keyed by email; an existing member with the same
// email is returned unchanged.
func (r *MemberRepo) Upsert(ctx context.Context, m domain.Member) (domain.Member, bool, error) {
	return insertOrGet[domain.Member](ctx, r.db,
		`INSERT INTO members (id, email, full_name, phone)
		 VALUES ($1, $2, $3, $4)
		 ON CONFLICT ((lower(email))) DO NOTHING
		 RETURNING *`,
		[]any{m.ID, m.Email, m.FullName, m.Phone},
		`SELECT * FROM members WHERE lower(email) = lower($1)`, m.Email)
}

func (r *MemberRepo) Get(ctx context.Context, id uuid.UUID) (domain.Member, error) {
	return getOne[domain.Member](ctx, r.db, `SELECT * FROM members WHERE id = $1`, id)
}

// SetStripeCustomer records the Stripe customer unless one is already set,
// and returns the customer ID now on file.
func (r *MemberRepo) SetStripeCustomer(ctx context.Context, id uuid.UUID, customerID string) (string, error) {
	var current string
	err := r.db.GetContext(ctx, &current,
		`UPDATE members
		    SET stripe_customer_id = COALESCE(stripe_customer_id, $2), updated_at = now()
		  WHERE id = $1
		RETURNING stripe_customer_id`, id, customerID)
	return current, err
}

type CardRepo struct {
	db *sqlx.DB
}

func NewCardRepo(db *sqlx.DB) *CardRepo { return &CardRepo{db: db} }

// Link stores a card for a member. Re-linking the same card (same
// fingerprint) returns the existing row.
func (r *CardRepo) Link(ctx context.Context, c domain.PaymentCard) (domain.PaymentCard, bool, error) {
	return insertOrGet[domain.PaymentCard](ctx, r.db,
		`INSERT INTO payment_cards (id, member_id, fingerprint, network_token, brand, last4, benefit_tier)
		 VALUES ($1, $2, $3, $4, $5, $6, $7)
		 ON CONFLICT ON CONSTRAINT payment_cards_member_fingerprint DO NOTHING
		 RETURNING *`,
		[]any{c.ID, c.MemberID, c.Fingerprint, c.NetworkToken, c.Brand, c.Last4, c.BenefitTier},
		`SELECT * FROM payment_cards WHERE member_id = $1 AND fingerprint = $2`, c.MemberID, c.Fingerprint)
}

func (r *CardRepo) SetBenefitTier(ctx context.Context, id uuid.UUID, tier string) error {
	_, err := r.db.ExecContext(ctx, `UPDATE payment_cards SET benefit_tier = $2 WHERE id = $1`, id, tier)
	return err
}

func (r *CardRepo) GetByToken(ctx context.Context, token string) (domain.PaymentCard, error) {
	return getOne[domain.PaymentCard](ctx, r.db, `SELECT * FROM payment_cards WHERE network_token = $1`, token)
}

type CatalogRepo struct {
	db *sqlx.DB
}

func NewCatalogRepo(db *sqlx.DB) *CatalogRepo { return &CatalogRepo{db: db} }

func (r *CatalogRepo) LoungeByCode(ctx context.Context, code string) (domain.Lounge, error) {
	return getOne[domain.Lounge](ctx, r.db, `SELECT * FROM lounges WHERE code = $1 AND active`, code)
}

func (r *CatalogRepo) Lounge(ctx context.Context, id uuid.UUID) (domain.Lounge, error) {
	return getOne[domain.Lounge](ctx, r.db, `SELECT * FROM lounges WHERE id = $1`, id)
}

func (r *CatalogRepo) Plan(ctx context.Context, code string) (domain.Plan, error) {
	return getOne[domain.Plan](ctx, r.db, `SELECT * FROM plans WHERE code = $1`, code)
}

// Occupancy counts visits in the lounge that have not checked out.
func (r *CatalogRepo) Occupancy(ctx context.Context, loungeID uuid.UUID) (int, error) {
	var n int
	err := r.db.GetContext(ctx, &n,
		`SELECT COALESCE(SUM(1 + guest_count), 0) FROM visits
		  WHERE lounge_id = $1 AND exited_at IS NULL AND entered_at > now() - interval '12 hours'`, loungeID)
	return n, err
}
