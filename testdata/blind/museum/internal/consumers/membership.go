package consumers

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/events"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/logging"
	"github.com/northgate-museums/visitor-platform/internal/providers/fulfilment"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

// PartnerOrders is the part of the Parcelway client used for shipping.
type PartnerOrders interface {
	CreateOrder(ctx context.Context, req fulfilment.OrderRequest) (*fulfilment.Order, error)
}

var welcomePackSKU = map[models.MembershipTier]string{
	models.TierIndividual: "WP-IND-2025",
	models.TierJoint:      "WP-JNT-2025",
	models.TierFamily:     "WP-FAM-2025",
	models.TierPatron:     "WP-PAT-2025",
}

// WelcomePackSender ships a welcome pack to each new member.
type WelcomePackSender struct {
	memberships *store.MembershipRepo
	packs       *store.WelcomePackRepo
	partner     PartnerOrders
}

func NewWelcomePackSender(memberships *store.MembershipRepo, packs *store.WelcomePackRepo, partner PartnerOrders) *WelcomePackSender {
	return &WelcomePackSender{memberships: memberships, packs: packs, partner: partner}
}

func (c *WelcomePackSender) Handle(ctx context.Context, evt events.MembershipActivated, _ Meta) error {
	id, err := uuid.Parse(evt.MembershipID)
	if err != nil {
		return nil
	}
	sent, err := c.packs.Exists(ctx, id)
	if err != nil || sent {
		return err
	}
	m, err := c.memberships.Get(ctx, id)
	if err != nil {
		return err
	}
	sku, ok := welcomePackSKU[m.Tier]
	if !ok {
		logging.FromContext(ctx).Warn("no welcome pack for tier", zap.String("tier", string(m.Tier)))
		return nil
	}
	order, err := c.partner.CreateOrder(ctx, fulfilment.OrderRequest{
		Recipient: fulfilment.Address{
			Name:     m.FullName,
			Line1:    m.AddressLine1,
			City:     m.AddressCity,
			Postcode: m.AddressPostcode,
			Country:  m.AddressCountry,
			Email:    m.Email,
		},
		Items:        []fulfilment.Item{{SKU: sku, Quantity: 1}},
		ServiceLevel: "standard",
		PackingNote:  fmt.Sprintf("Welcome to Northgate Museums, %s!", m.FullName),
		Tags:         []string{"welcome-pack", string(m.Tier)},
	})
	if err != nil {
		return fmt.Errorf("create welcome pack order: %w", err)
	}
	return c.packs.Record(ctx, &models.WelcomePack{MembershipID: m.ID, PartnerOrderID: order.ID, ClientReference: order.ClientReference})
}
