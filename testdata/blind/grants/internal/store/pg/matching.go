package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/repo"
)

const offerColumns = `id, campaign_id, sponsor_ref, cap_cents, remaining_cents, ratio_pct, created_at`

// MatchingOfferRepo implements repo.MatchingOffers.
type MatchingOfferRepo struct{ q sqlx.ExtContext }

// NewMatchingOfferRepo builds the repository.
func NewMatchingOfferRepo(q sqlx.ExtContext) *MatchingOfferRepo { return &MatchingOfferRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *MatchingOfferRepo) WithTx(tx *sqlx.Tx) repo.MatchingOffers { return &MatchingOfferRepo{q: tx} }

// InsertIfAbsent stores the offer unless the sponsor already has one on the campaign.
func (r *MatchingOfferRepo) InsertIfAbsent(ctx context.Context, o domain.MatchingOffer) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		INSERT INTO matching_offers (id, campaign_id, sponsor_ref, cap_cents, remaining_cents, ratio_pct)
		VALUES ($1, $2, $3, $4, $4, $5)
		ON CONFLICT (campaign_id, sponsor_ref) DO NOTHING`,
		o.ID, o.CampaignID, o.SponsorRef, o.CapCents, o.RatioPct)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// GetBySponsor loads the sponsor's offer on a campaign.
func (r *MatchingOfferRepo) GetBySponsor(ctx context.Context, campaignID, sponsorRef string) (*domain.MatchingOffer, error) {
	var o domain.MatchingOffer
	err := sqlx.GetContext(ctx, r.q, &o, `SELECT `+offerColumns+`
		FROM matching_offers WHERE campaign_id = $1 AND sponsor_ref = $2`, campaignID, sponsorRef)
	if err != nil {
		return nil, notFound(err)
	}
	return &o, nil
}

// ActiveForCampaignForUpdate locks the oldest offer that still has budget.
func (r *MatchingOfferRepo) ActiveForCampaignForUpdate(ctx context.Context, campaignID string) (*domain.MatchingOffer, error) {
	var o domain.MatchingOffer
	err := sqlx.GetContext(ctx, r.q, &o, `SELECT `+offerColumns+`
		FROM matching_offers
		WHERE campaign_id = $1 AND remaining_cents > 0
		ORDER BY created_at
		LIMIT 1
		FOR UPDATE`, campaignID)
	if err != nil {
		return nil, notFound(err)
	}
	return &o, nil
}

// DecrementRemaining reduces the offer's remaining budget.
func (r *MatchingOfferRepo) DecrementRemaining(ctx context.Context, id string, cents int64) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE matching_offers SET remaining_cents = remaining_cents - $2 WHERE id = $1`, id, cents)
	return err
}

// MatchAllocationRepo implements repo.MatchAllocations.
type MatchAllocationRepo struct{ q sqlx.ExtContext }

// NewMatchAllocationRepo builds the repository.
func NewMatchAllocationRepo(q sqlx.ExtContext) *MatchAllocationRepo {
	return &MatchAllocationRepo{q: q}
}

// WithTx rebinds the repository to tx.
func (r *MatchAllocationRepo) WithTx(tx *sqlx.Tx) repo.MatchAllocations {
	return &MatchAllocationRepo{q: tx}
}

// Insert stores an allocation.
func (r *MatchAllocationRepo) Insert(ctx context.Context, a domain.MatchAllocation) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO match_allocations (id, offer_id, donation_id, amount_cents)
		VALUES (:id, :offer_id, :donation_id, :amount_cents)`, a)
	return err
}
