package postgres

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/brightfund/crowdfund/internal/adapters/postgres/dbq"
	"github.com/brightfund/crowdfund/internal/core/domain"
)

// one converts a single-row query result, mapping "no rows" to
// domain.ErrNotFound.
func one[D, T any](row D, err error, conv func(D) T) (T, error) {
	var zero T
	if errors.Is(err, pgx.ErrNoRows) {
		return zero, domain.ErrNotFound
	}
	if err != nil {
		return zero, err
	}
	return conv(row), nil
}

// many converts a multi-row result.
func many[D, T any](rows []D, err error, conv func(D) T) ([]T, error) {
	if err != nil {
		return nil, err
	}
	out := make([]T, 0, len(rows))
	for _, r := range rows {
		out = append(out, conv(r))
	}
	return out, nil
}

// inserted reports whether an INSERT ... ON CONFLICT DO NOTHING RETURNING
// produced a row. A conflict surfaces as pgx.ErrNoRows.
func inserted[D any](row D, err error) (D, bool, error) {
	if errors.Is(err, pgx.ErrNoRows) {
		var zero D
		return zero, false, nil
	}
	if err != nil {
		var zero D
		return zero, false, err
	}
	return row, true, nil
}

func ts(t time.Time) pgtype.Timestamptz {
	if t.IsZero() {
		return pgtype.Timestamptz{}
	}
	return pgtype.Timestamptz{Time: t, Valid: true}
}

func tsPtr(t *time.Time) pgtype.Timestamptz {
	if t == nil {
		return pgtype.Timestamptz{}
	}
	return ts(*t)
}

func timePtr(v pgtype.Timestamptz) *time.Time {
	if !v.Valid {
		return nil
	}
	t := v.Time
	return &t
}

func text(s string) pgtype.Text {
	if s == "" {
		return pgtype.Text{}
	}
	return pgtype.Text{String: s, Valid: true}
}

func date(t time.Time) pgtype.Date {
	return pgtype.Date{Time: t, Valid: !t.IsZero()}
}

func toCampaign(c dbq.Campaign) domain.Campaign {
	return domain.Campaign{
		ID:             c.ID,
		CreatorID:      c.CreatorID,
		Title:          c.Title,
		Blurb:          c.Blurb,
		Currency:       c.Currency,
		GoalCents:      c.GoalCents,
		PledgedCents:   c.PledgedCents,
		CollectedCents: c.CollectedCents,
		Status:         domain.CampaignStatus(c.Status),
		Deadline:       c.Deadline.Time,
		LaunchedAt:     timePtr(c.LaunchedAt),
		ClosedAt:       timePtr(c.ClosedAt),
		BeneficiaryRef: c.BeneficiaryRef.String,
		PayoutLast4:    c.PayoutLast4.String,
		CreatedAt:      c.CreatedAt.Time,
	}
}

func toTier(t dbq.RewardTier) domain.RewardTier {
	return domain.RewardTier{
		ID:           t.ID,
		CampaignID:   t.CampaignID,
		Slug:         t.Slug,
		Title:        t.Title,
		Description:  t.Description,
		MinCents:     t.MinCents,
		Limit:        t.LimitCount,
		Claimed:      t.ClaimedCount,
		ShipsAt:      timePtr(t.ShipsAt),
		RequiresShip: t.RequiresShipping,
	}
}

func toPledge(p dbq.Pledge) domain.Pledge {
	return domain.Pledge{
		ID:              p.ID,
		CampaignID:      p.CampaignID,
		BackerID:        p.BackerID,
		TierID:          p.TierID.String,
		AmountCents:     p.AmountCents,
		Currency:        p.Currency,
		Status:          domain.PledgeStatus(p.Status),
		CustomerRef:     p.CustomerRef,
		PaymentMethod:   p.PaymentMethod,
		PaymentIntentID: p.PaymentIntentID.String,
		IdempotencyKey:  p.IdempotencyKey,
		CapturedAt:      timePtr(p.CapturedAt),
		CancelledAt:     timePtr(p.CancelledAt),
		CreatedAt:       p.CreatedAt.Time,
	}
}

func toAddress(a dbq.ShippingAddress) domain.ShippingAddress {
	return domain.ShippingAddress{
		PledgeID:   a.PledgeID,
		Name:       a.Name,
		Line1:      a.Line1,
		Line2:      a.Line2,
		City:       a.City,
		Region:     a.Region,
		PostalCode: a.PostalCode,
		Country:    a.Country,
		Phone:      a.Phone,
	}
}

func toRefund(r dbq.Refund) domain.Refund {
	return domain.Refund{
		ID:             r.ID,
		PledgeID:       r.PledgeID,
		AmountCents:    r.AmountCents,
		Reason:         r.Reason,
		Status:         domain.RefundStatus(r.Status),
		StripeRefundID: r.StripeRefundID.String,
		RequestedBy:    r.RequestedBy,
		CreatedAt:      r.CreatedAt.Time,
	}
}

func toShipment(s dbq.Shipment) domain.Shipment {
	return domain.Shipment{
		ID:                s.ID,
		PledgeID:          s.PledgeID,
		CampaignID:        s.CampaignID,
		CarrierShipmentID: s.CarrierShipmentID,
		TrackingNumber:    s.TrackingNumber,
		LabelURL:          s.LabelUrl,
		Status:            domain.ShipmentStatus(s.Status),
		ReturnLabelID:     s.ReturnLabelID.String,
		ReturnLabelURL:    s.ReturnLabelUrl.String,
		PickupID:          s.PickupID.String,
		CreatedAt:         s.CreatedAt.Time,
	}
}

func toPayout(p dbq.Payout) domain.Payout {
	return domain.Payout{
		ID:          p.ID,
		CampaignID:  p.CampaignID,
		AmountCents: p.AmountCents,
		FeeCents:    p.FeeCents,
		Currency:    p.Currency,
		Status:      domain.PayoutStatus(p.Status),
		EndToEndID:  p.EndToEndID.String,
		TransferRef: p.TransferRef.String,
		SubmittedAt: timePtr(p.SubmittedAt),
		SettledAt:   timePtr(p.SettledAt),
		CreatedAt:   p.CreatedAt.Time,
	}
}

func toNotification(n dbq.Notification) domain.Notification {
	out := domain.Notification{
		ID:                n.ID,
		Template:          domain.Template(n.Template),
		Ref:               n.Ref,
		Recipient:         n.Recipient,
		Subject:           n.Subject,
		SentAt:            timePtr(n.SentAt),
		ProviderMessageID: n.ProviderMessageID.String,
		CreatedAt:         n.CreatedAt.Time,
	}
	if len(n.Data) > 0 {
		_ = json.Unmarshal(n.Data, &out.Data)
	}
	return out
}

func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("postgres: %s: %w", op, err)
}
