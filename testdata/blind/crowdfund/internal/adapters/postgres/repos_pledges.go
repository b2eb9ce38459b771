package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/brightfund/crowdfund/internal/adapters/postgres/dbq"
	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

type pledgeRepo struct{ q *dbq.Queries }

var _ ports.PledgeRepository = pledgeRepo{}

func (r pledgeRepo) Insert(ctx context.Context, p domain.Pledge) (domain.Pledge, bool, error) {
	row, created, err := inserted(r.q.InsertPledge(ctx, dbq.InsertPledgeParams{
		ID:             p.ID,
		CampaignID:     p.CampaignID,
		BackerID:       p.BackerID,
		TierID:         text(p.TierID),
		AmountCents:    p.AmountCents,
		Currency:       p.Currency,
		CustomerRef:    p.CustomerRef,
		PaymentMethod:  p.PaymentMethod,
		IdempotencyKey: p.IdempotencyKey,
	}))
	if err != nil {
		return domain.Pledge{}, false, wrap("insert pledge", err)
	}
	if !created {
		existing, err := r.q.GetPledgeByIdempotencyKey(ctx, p.BackerID, p.IdempotencyKey)
		pl, err := one(existing, err, toPledge)
		return pl, false, err
	}
	return toPledge(row), true, nil
}

func (r pledgeRepo) FindByIdempotencyKey(ctx context.Context, backerID, key string) (domain.Pledge, error) {
	row, err := r.q.GetPledgeByIdempotencyKey(ctx, backerID, key)
	return one(row, err, toPledge)
}

func (r pledgeRepo) Get(ctx context.Context, id string) (domain.Pledge, error) {
	row, err := r.q.GetPledge(ctx, id)
	return one(row, err, toPledge)
}

func (r pledgeRepo) GetForUpdate(ctx context.Context, id string) (domain.Pledge, error) {
	row, err := r.q.GetPledgeForUpdate(ctx, id)
	return one(row, err, toPledge)
}

func (r pledgeRepo) GetByPaymentIntent(ctx context.Context, paymentIntentID string) (domain.Pledge, error) {
	row, err := r.q.GetPledgeByPaymentIntent(ctx, paymentIntentID)
	return one(row, err, toPledge)
}

func (r pledgeRepo) SetPaymentIntent(ctx context.Context, id, paymentIntentID string, status domain.PledgeStatus) error {
	return wrap("set payment intent", r.q.SetPledgePaymentIntent(ctx, id, paymentIntentID, string(status)))
}

func (r pledgeRepo) MarkAuthorized(ctx context.Context, paymentIntentID string) (bool, error) {
	n, err := r.q.MarkPledgeAuthorized(ctx, paymentIntentID)
	return n == 1, wrap("mark authorized", err)
}

func (r pledgeRepo) UpdateAmount(ctx context.Context, id string, amount int64) error {
	return wrap("update pledge amount", r.q.UpdatePledgeAmount(ctx, id, amount))
}

func (r pledgeRepo) UpdateTier(ctx context.Context, id, tierID string) error {
	return wrap("update pledge tier", r.q.UpdatePledgeTier(ctx, id, tierID))
}

func (r pledgeRepo) RequestCancel(ctx context.Context, id string) (bool, error) {
	n, err := r.q.RequestPledgeCancel(ctx, id)
	return n == 1, wrap("request cancel", err)
}

func (r pledgeRepo) MarkCancelled(ctx context.Context, id string, at time.Time) (bool, error) {
	n, err := r.q.MarkPledgeCancelled(ctx, id, ts(at))
	return n == 1, wrap("mark cancelled", err)
}

func (r pledgeRepo) MarkCaptured(ctx context.Context, id string, at time.Time) error {
	return wrap("mark captured", r.q.MarkPledgeCaptured(ctx, id, ts(at)))
}

func (r pledgeRepo) SetStatus(ctx context.Context, id string, status domain.PledgeStatus) error {
	return wrap("set pledge status", r.q.SetPledgeStatus(ctx, id, string(status)))
}

func (r pledgeRepo) ListActiveByCampaign(ctx context.Context, campaignID string) ([]domain.Pledge, error) {
	rows, err := r.q.ListPledgesByCampaignStatus(ctx, campaignID, []string{
		string(domain.PledgePendingAuth), string(domain.PledgeAuthorized),
	})
	return many(rows, err, toPledge)
}

func (r pledgeRepo) ListCapturedByCampaign(ctx context.Context, campaignID string) ([]domain.Pledge, error) {
	rows, err := r.q.ListPledgesByCampaignStatus(ctx, campaignID, []string{string(domain.PledgeCaptured)})
	return many(rows, err, toPledge)
}

type addonRepo struct{ q *dbq.Queries }

func (r addonRepo) Price(ctx context.Context, campaignID, sku string) (int64, error) {
	price, err := r.q.GetAddonPrice(ctx, campaignID, sku)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, domain.ErrNotFound
	}
	return price, wrap("addon price", err)
}

func (r addonRepo) Create(ctx context.Context, a domain.Addon) error {
	return wrap("create addon", r.q.CreatePledgeAddon(ctx, dbq.CreatePledgeAddonParams{
		ID:        a.ID,
		PledgeID:  a.PledgeID,
		Sku:       a.SKU,
		Quantity:  a.Quantity,
		UnitCents: a.UnitCents,
	}))
}

func (r addonRepo) SumForPledge(ctx context.Context, pledgeID string) (int64, error) {
	n, err := r.q.SumPledgeAddons(ctx, pledgeID)
	return n, wrap("sum addons", err)
}

type adjustmentRepo struct{ q *dbq.Queries }

func (r adjustmentRepo) Create(ctx context.Context, a domain.Adjustment) error {
	return wrap("create adjustment", r.q.CreatePledgeAdjustment(ctx, a.ID, a.PledgeID, a.DeltaCents, a.Reason))
}

type addressRepo struct{ q *dbq.Queries }

func (r addressRepo) Upsert(ctx context.Context, a domain.ShippingAddress) error {
	return wrap("upsert address", r.q.UpsertShippingAddress(ctx, dbq.UpsertShippingAddressParams{
		PledgeID:   a.PledgeID,
		Name:       a.Name,
		Line1:      a.Line1,
		Line2:      a.Line2,
		City:       a.City,
		Region:     a.Region,
		PostalCode: a.PostalCode,
		Country:    a.Country,
		Phone:      a.Phone,
	}))
}

func (r addressRepo) Get(ctx context.Context, pledgeID string) (domain.ShippingAddress, error) {
	row, err := r.q.GetShippingAddress(ctx, pledgeID)
	return one(row, err, toAddress)
}

type refundRepo struct{ q *dbq.Queries }

func (r refundRepo) Open(ctx context.Context, rf domain.Refund) (domain.Refund, error) {
	row, created, err := inserted(r.q.InsertRefund(ctx, dbq.InsertRefundParams{
		ID:          rf.ID,
		PledgeID:    rf.PledgeID,
		AmountCents: rf.AmountCents,
		Reason:      rf.Reason,
		RequestedBy: rf.RequestedBy,
	}))
	if err != nil {
		return domain.Refund{}, wrap("open refund", err)
	}
	if !created {
		existing, err := r.q.GetRefundByPledge(ctx, rf.PledgeID)
		return one(existing, err, toRefund)
	}
	return toRefund(row), nil
}

func (r refundRepo) Complete(ctx context.Context, id, stripeRefundID string, status domain.RefundStatus) error {
	return wrap("complete refund", r.q.CompleteRefund(ctx, id, stripeRefundID, string(status)))
}

type disputeRepo struct{ q *dbq.Queries }

func (r disputeRepo) Create(ctx context.Context, d domain.Dispute) error {
	return wrap("create dispute", r.q.CreateDispute(ctx, dbq.CreateDisputeParams{
		ID:              d.ID,
		StripeDisputeID: d.StripeDisputeID,
		PledgeID:        d.PledgeID,
		AmountCents:     d.AmountCents,
		Reason:          d.Reason,
		Status:          d.Status,
	}))
}
