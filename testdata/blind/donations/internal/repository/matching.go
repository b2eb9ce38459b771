package repository

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/kindredgive/donations/internal/domain"
)

// MatchingRepo persists matched-giving claims and partner decisions.
type MatchingRepo interface {
	WithTx(tx bun.IDB) MatchingRepo
	InsertClaimIfAbsent(ctx context.Context, c *domain.MatchingClaim) (bool, error)
	GetClaim(ctx context.Context, id string) (*domain.MatchingClaim, error)
	GetClaimByDonation(ctx context.Context, donationID string) (*domain.MatchingClaim, error)
	GetClaimByPartnerID(ctx context.Context, partnerClaimID string) (*domain.MatchingClaim, error)
	MarkSubmitted(ctx context.Context, id, partnerClaimID, clientRef string, at time.Time) error
	SetDecision(ctx context.Context, id, status string) error
	InsertMatchedGift(ctx context.Context, g *domain.MatchedGift) error
	WebhookSeen(ctx context.Context, eventID string) (bool, error)
	MarkWebhookSeen(ctx context.Context, eventID, eventType string) error
}

type matchingRepo struct{ db bun.IDB }

// NewMatchingRepo returns the bun implementation.
func NewMatchingRepo(db *bun.DB) MatchingRepo { return &matchingRepo{db: db} }

func (r *matchingRepo) WithTx(tx bun.IDB) MatchingRepo { return &matchingRepo{db: tx} }

func (r *matchingRepo) InsertClaimIfAbsent(ctx context.Context, c *domain.MatchingClaim) (bool, error) {
	res, err := r.db.NewInsert().Model(c).
		On("CONFLICT (donation_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (r *matchingRepo) GetClaim(ctx context.Context, id string) (*domain.MatchingClaim, error) {
	c := new(domain.MatchingClaim)
	if err := r.db.NewSelect().Model(c).Where("mc.id = ?", id).Scan(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

func (r *matchingRepo) GetClaimByDonation(ctx context.Context, donationID string) (*domain.MatchingClaim, error) {
	c := new(domain.MatchingClaim)
	if err := r.db.NewSelect().Model(c).Where("mc.donation_id = ?", donationID).Scan(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

func (r *matchingRepo) GetClaimByPartnerID(ctx context.Context, partnerClaimID string) (*domain.MatchingClaim, error) {
	c := new(domain.MatchingClaim)
	if err := r.db.NewSelect().Model(c).Where("mc.partner_claim_id = ?", partnerClaimID).Scan(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

func (r *matchingRepo) MarkSubmitted(ctx context.Context, id, partnerClaimID, clientRef string, at time.Time) error {
	_, err := r.db.NewUpdate().Model((*domain.MatchingClaim)(nil)).
		Set("status = ?", domain.ClaimSubmitted).
		Set("partner_claim_id = ?", partnerClaimID).
		Set("client_reference = ?", clientRef).
		Set("submitted_at = ?", at).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *matchingRepo) SetDecision(ctx context.Context, id, status string) error {
	_, err := r.db.NewUpdate().Model((*domain.MatchingClaim)(nil)).
		Set("status = ?", status).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *matchingRepo) InsertMatchedGift(ctx context.Context, g *domain.MatchedGift) error {
	_, err := r.db.NewInsert().Model(g).Exec(ctx)
	return err
}

func (r *matchingRepo) WebhookSeen(ctx context.Context, eventID string) (bool, error) {
	return r.db.NewSelect().Model((*domain.PartnerWebhookEvent)(nil)).
		Where("event_id = ?", eventID).
		Exists(ctx)
}

func (r *matchingRepo) MarkWebhookSeen(ctx context.Context, eventID, eventType string) error {
	_, err := r.db.NewInsert().Model(&domain.PartnerWebhookEvent{EventID: eventID, EventType: eventType}).
		On("CONFLICT (event_id) DO NOTHING").
		Exec(ctx)
	return err
}
