package commands

import (
	"context"
	"strings"

	"github.com/vinoteca/wineclub/internal/allocation"
	"github.com/vinoteca/wineclub/internal/billing"
	"github.com/vinoteca/wineclub/internal/compliance"
	"github.com/vinoteca/wineclub/internal/fulfillment"
	"github.com/vinoteca/wineclub/internal/gifting"
	"github.com/vinoteca/wineclub/internal/membership"
	"github.com/vinoteca/wineclub/internal/platform/bus"
)

// Services are the handlers' dependencies.
type Services struct {
	Membership  *membership.Service
	Allocation  *allocation.Service
	Billing     *billing.Service
	Fulfillment *fulfillment.Service
	Gifting     *gifting.Service
	Compliance  *compliance.Service
}

// Register binds every command to its handler.
func Register(b *bus.Bus, s Services) {
	bus.Register(b, func(ctx context.Context, c SignUp) (any, error) {
		return s.Membership.SignUp(ctx, membership.SignUpInput{
			IdempotencyKey:  c.IdempotencyKey,
			Email:           c.Email,
			FirstName:       c.FirstName,
			LastName:        c.LastName,
			Phone:           c.Phone,
			BirthDate:       c.BirthDate,
			Tier:            c.Tier,
			ShipState:       c.ShipState,
			AddressLine1:    c.AddressLine1,
			AddressLine2:    c.AddressLine2,
			City:            c.City,
			PostalCode:      c.PostalCode,
			PaymentMethodID: c.PaymentMethodID,
		})
	})
	bus.Register(b, func(ctx context.Context, c VerifyAge) (any, error) {
		return s.Membership.VerifyAge(ctx, c.MemberID)
	})
	bus.Register(b, func(ctx context.Context, c IssueCredit) (any, error) {
		return s.Membership.IssueCredit(ctx, membership.IssueCreditInput{
			MemberID:      c.MemberID,
			AmountCents:   c.AmountCents,
			Reason:        c.Reason,
			IssuedBy:      c.IssuedBy,
			ExpiresInDays: c.ExpiresInDays,
		})
	})
	bus.Register(b, func(ctx context.Context, c RewardReferral) (any, error) {
		granted, err := s.Membership.RewardReferral(ctx, c.ReferrerID, c.ReferredMemberID)
		return map[string]bool{"granted": granted}, err
	})
	bus.Register(b, func(ctx context.Context, c CancelMembership) (any, error) {
		return s.Membership.Cancel(ctx, c.MemberID, c.Reason, c.Actor)
	})
	bus.Register(b, func(ctx context.Context, c AddAddons) (any, error) {
		lines := make([]allocation.AddonLine, 0, len(c.Lines))
		for _, l := range c.Lines {
			lines = append(lines, allocation.AddonLine{SKU: strings.ToUpper(l.SKU), Quantity: l.Quantity})
		}
		return s.Allocation.AddAddons(ctx, c.AllocationID, lines)
	})
	bus.Register(b, func(ctx context.Context, c ApplyCredit) (any, error) {
		return s.Allocation.ApplyCredit(ctx, c.AllocationID, c.AmountCents)
	})
	bus.Register(b, func(ctx context.Context, c SkipAllocation) (any, error) {
		return s.Allocation.Skip(ctx, c.AllocationID)
	})
	bus.Register(b, func(ctx context.Context, c ChargeAllocation) (any, error) {
		return s.Billing.ChargeAllocation(ctx, c.AllocationID)
	})
	bus.Register(b, func(ctx context.Context, c RefundCharge) (any, error) {
		return s.Billing.Refund(ctx, billing.RefundInput{
			ChargeID:     c.ChargeID,
			AmountCents:  c.AmountCents,
			Reason:       c.Reason,
			RequestedBy:  c.RequestedBy,
			ReturnCredit: c.ReturnCredit,
		})
	})
	bus.Register(b, func(ctx context.Context, c PurchaseLabel) (any, error) {
		var opts []fulfillment.LabelOption
		if c.ServiceLevel != "" {
			opts = append(opts, fulfillment.WithServiceLevel(c.ServiceLevel))
		}
		return s.Fulfillment.PurchaseLabel(ctx, c.ShipmentID, opts...)
	})
	bus.Register(b, func(ctx context.Context, c PurchaseReturnLabel) (any, error) {
		return s.Fulfillment.PurchaseReturnLabel(ctx, c.ShipmentID, c.Reason)
	})
	bus.Register(b, func(ctx context.Context, c PurchaseGift) (any, error) {
		return s.Gifting.Purchase(ctx, gifting.PurchaseInput{
			OrderRef:        c.OrderRef,
			PurchaserName:   c.PurchaserName,
			PurchaserEmail:  c.PurchaserEmail,
			PurchaserPhone:  c.PurchaserPhone,
			RecipientName:   c.RecipientName,
			RecipientEmail:  c.RecipientEmail,
			Tier:            c.Tier,
			Quarters:        c.Quarters,
			StartDate:       c.StartDate,
			PaymentMethodID: c.PaymentMethodID,
		})
	})
	bus.Register(b, func(ctx context.Context, c RedeemGift) (any, error) {
		return s.Gifting.Redeem(ctx, gifting.RedeemInput{
			Code:         c.Code,
			Email:        c.Email,
			FirstName:    c.FirstName,
			LastName:     c.LastName,
			Phone:        c.Phone,
			BirthDate:    c.BirthDate,
			ShipState:    c.ShipState,
			AddressLine1: c.AddressLine1,
			AddressLine2: c.AddressLine2,
			City:         c.City,
			PostalCode:   c.PostalCode,
		})
	})
	bus.Register(b, func(ctx context.Context, c FileComplianceReport) (any, error) {
		p, err := compliance.ParsePeriod(c.Period)
		if err != nil {
			return nil, &bus.ValidationError{Err: err}
		}
		return s.Compliance.File(ctx, strings.ToUpper(c.State), p, c.Actor)
	})
}
