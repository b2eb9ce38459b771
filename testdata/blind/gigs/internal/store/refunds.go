package store

import "context"

// Refunds persists refunds of milestone funding back to the client.
type Refunds struct{}

// CreateIfAbsent records the refund for a milestone once.
func (Refunds) CreateIfAbsent(ctx context.Context, q Querier, r Refund) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO refunds (milestone_id, funding_intent_id, amount_minor, currency, status)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (milestone_id) DO NOTHING`,
		r.MilestoneID, r.FundingIntentID, r.AmountMinor, r.Currency, r.Status)
	if err != nil {
		return false, wrap("refunds.create", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (Refunds) Get(ctx context.Context, q Querier, milestoneID string) (Refund, error) {
	var r Refund
	err := q.QueryRow(ctx, `
		SELECT milestone_id, funding_intent_id, amount_minor, currency, status, COALESCE(provider_refund_id, '')
		FROM refunds WHERE milestone_id = $1`, milestoneID).
		Scan(&r.MilestoneID, &r.FundingIntentID, &r.AmountMinor, &r.Currency, &r.Status, &r.ProviderRefundID)
	return r, one("refunds.get", err)
}

// MarkSubmitted records the provider refund id.
func (Refunds) MarkSubmitted(ctx context.Context, q Querier, milestoneID, providerRefundID string) error {
	_, err := q.Exec(ctx, `
		UPDATE refunds SET status = 'submitted', provider_refund_id = $2, updated_at = now()
		WHERE milestone_id = $1 AND status = 'pending'`, milestoneID, providerRefundID)
	return wrap("refunds.mark_submitted", err)
}
