// Package membership implements the annual membership commands.
package membership

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/app/checkout"
	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
	"github.com/northgate-museums/visitor-platform/internal/platform/ids"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
)

type Memberships interface {
	Create(ctx context.Context, m *models.Membership) error
	Get(ctx context.Context, id uuid.UUID) (*models.Membership, error)
	SetAutoRenew(ctx context.Context, id uuid.UUID, on bool) error
}

type Intents interface {
	Create(ctx context.Context, in *models.PaymentIntent) error
	ForResource(ctx context.Context, purpose models.PaymentPurpose, resourceID string) (*models.PaymentIntent, error)
}

type KeyClaimer interface {
	Claim(ctx context.Context, scope, key, resourceID string) (string, bool, error)
}

type Payer interface {
	Submit(ctx context.Context, in *models.PaymentIntent, method json.RawMessage, shopper checkout.Shopper, opts ...checkout.SubmitOption) (*payments.PaymentResponse, error)
}

// RenewalScheduler starts and signals the renewal workflow.
type RenewalScheduler interface {
	Start(ctx context.Context, m *models.Membership) error
	SignalAutoRenew(ctx context.Context, membershipID uuid.UUID, on bool) error
}

type Purchase struct {
	IdempotencyKey string
	MembershipID   uuid.UUID
	Tier           models.MembershipTier
	FullName       string
	Email          string
	AddressLine1   string
	City           string
	Postcode       string
	Country        string
	AutoRenew      bool
	PaymentMethod  json.RawMessage
	Result         *cqrs.Result
}

type PurchaseHandler struct {
	tx       database.Transactor
	keys     KeyClaimer
	members  Memberships
	intents  Intents
	payer    Payer
	renewals RenewalScheduler
	logger   *zap.Logger
}

func NewPurchaseHandler(tx database.Transactor, keys KeyClaimer, members Memberships, intents Intents, payer Payer, renewals RenewalScheduler, logger *zap.Logger) *PurchaseHandler {
	return &PurchaseHandler{tx: tx, keys: keys, members: members, intents: intents, payer: payer, renewals: renewals, logger: logger}
}

func (h *PurchaseHandler) Handle(ctx context.Context, cmd Purchase) error {
	price := cmd.Tier.AnnualPriceMinor()
	if price == 0 {
		return httpx.ValidationError{Field: "tier", Message: "unknown membership tier"}
	}
	var (
		member *models.Membership
		intent *models.PaymentIntent
	)
	err := h.tx.WithinTx(ctx, func(ctx context.Context) error {
		existing, claimed, err := h.keys.Claim(ctx, "membership-purchase", cmd.IdempotencyKey, cmd.MembershipID.String())
		if err != nil {
			return err
		}
		if !claimed {
			id, err := uuid.Parse(existing)
			if err != nil {
				return err
			}
			if member, err = h.members.Get(ctx, id); err != nil {
				return err
			}
			intent, err = h.intents.ForResource(ctx, models.PurposeMembership, existing)
			return err
		}
		now := time.Now().UTC()
		member = &models.Membership{
			ID:              cmd.MembershipID,
			Email:           cmd.Email,
			FullName:        cmd.FullName,
			Tier:            cmd.Tier,
			Status:          models.MembershipPending,
			AutoRenew:       cmd.AutoRenew,
			Period:          1,
			StartsAt:        now,
			ExpiresAt:       now.AddDate(1, 0, 0),
			ShopperRef:      "mem-" + cmd.MembershipID.String(),
			AddressLine1:    cmd.AddressLine1,
			AddressCity:     cmd.City,
			AddressPostcode: cmd.Postcode,
			AddressCountry:  cmd.Country,
		}
		if err := h.members.Create(ctx, member); err != nil {
			return err
		}
		shopper := member.ShopperRef
		intent = &models.PaymentIntent{
			OperationID: ids.NewOperationID(),
			Purpose:     models.PurposeMembership,
			ResourceID:  member.ID.String(),
			AmountMinor: price,
			Currency:    "GBP",
			Status:      models.IntentPending,
			ShopperRef:  &shopper,
		}
		return h.intents.Create(ctx, intent)
	})
	if err != nil {
		return err
	}
	cmd.Result.Set(member.ID.String(), string(member.Status))

	if intent.Status == models.IntentPending {
		var opts []checkout.SubmitOption
		if member.AutoRenew {
			opts = append(opts, checkout.ForRecurring())
		}
		resp, err := h.payer.Submit(ctx, intent, cmd.PaymentMethod, checkout.Shopper{Reference: member.ShopperRef, Email: member.Email}, opts...)
		if err != nil {
			return err
		}
		if cmd.Result != nil {
			cmd.Result.Extra = map[string]string{"result_code": resp.ResultCode}
		}
		if !resp.Authorised() {
			return nil
		}
	} else if intent.Status == models.IntentRefused {
		return nil
	}

	if member.AutoRenew {
		if err := h.renewals.Start(ctx, member); err != nil {
			// The scheduler binary starts any renewal workflow missing here.
			h.logger.Warn("could not start renewal workflow", zap.String("membership_id", member.ID.String()), zap.Error(err))
		}
	}
	return nil
}

// SetAutoRenew turns automatic renewal on or off.
type SetAutoRenew struct {
	MembershipID uuid.UUID
	Enabled      bool
}

type SetAutoRenewHandler struct {
	members  Memberships
	renewals RenewalScheduler
}

func NewSetAutoRenewHandler(members Memberships, renewals RenewalScheduler) *SetAutoRenewHandler {
	return &SetAutoRenewHandler{members: members, renewals: renewals}
}

func (h *SetAutoRenewHandler) Handle(ctx context.Context, cmd SetAutoRenew) error {
	m, err := h.members.Get(ctx, cmd.MembershipID)
	if err != nil {
		return err
	}
	if m.Status == models.MembershipCancelled {
		return httpx.ErrConflict
	}
	if err := h.members.SetAutoRenew(ctx, cmd.MembershipID, cmd.Enabled); err != nil {
		return err
	}
	return h.renewals.SignalAutoRenew(ctx, cmd.MembershipID, cmd.Enabled)
}
